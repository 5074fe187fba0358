import { deviceStorage } from '../../../lib/device-storage';

/** Unsent composer text per chat, kept on the device per account so the list can show 'Черновик:'. */
const KEY = (chatId: string) => `chat-draft:${chatId}`;

export function readDraft(chatId: string): string {
  return deviceStorage.get(KEY(chatId)) ?? '';
}

export function writeDraft(chatId: string, text: string): void {
  if (text.trim()) deviceStorage.set(KEY(chatId), text);
  else deviceStorage.remove(KEY(chatId));
}
