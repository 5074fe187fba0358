import { deviceStorage } from '../../../lib/device-storage';

/** Unsent composer text per chat, kept on the device per account so the list can show 'Черновик:'. */
export const draftName = (chatId: string) => `chat-draft:${chatId}`;

export function readDraft(chatId: string): string {
  return deviceStorage.get(draftName(chatId)) ?? '';
}

export function writeDraft(chatId: string, text: string): void {
  if (text.trim()) deviceStorage.set(draftName(chatId), text);
  else deviceStorage.remove(draftName(chatId));
}
