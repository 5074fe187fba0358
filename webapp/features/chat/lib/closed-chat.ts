import { CHAT_STATE_TEXT, READ_ONLY_NOTICES, type ReadOnlyReason } from '../../../../contracts/chat-state-text';

/**
 * Why a closed chat is closed, in the one neutral line its row, and its input show (AMENDMENTS §1.3, §3 Blocking):
 * the server's notice when it sent one, else the reason's, else 'Чат недоступен'; null for an open chat.
 */
export function closedNotice(chat: { readOnly: boolean; readOnlyReason?: ReadOnlyReason | null; notice?: string | null }): string | null {
  if (!chat.readOnly) return null;
  return chat.notice ?? (chat.readOnlyReason ? READ_ONLY_NOTICES[chat.readOnlyReason] : CHAT_STATE_TEXT.unavailable);
}
