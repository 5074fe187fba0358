/** Unsent composer text per chat, kept in localStorage so the list can show 'Черновик:'. */
const KEY = (chatId: string) => `chat-draft:${chatId}`;

export function readDraft(chatId: string): string {
  try {
    return localStorage.getItem(KEY(chatId)) ?? '';
  } catch {
    return '';
  }
}

export function writeDraft(chatId: string, text: string): void {
  try {
    if (text.trim()) localStorage.setItem(KEY(chatId), text);
    else localStorage.removeItem(KEY(chatId));
  } catch {
    // Storage may be unavailable (private mode); drafts are a convenience.
  }
}
