import type { Envelope } from '../../../../contracts/realtime';

/**
 * The chat list's query cache as the rest of the app reaches it. The cache (chat-list-query.ts) comes with TanStack
 * Query in the chat list's lazy chunk, and the app-wide hooks run from the entry: so the cache connects itself here when
 * its module loads, and until then there is no list to keep current (the list fetches when it opens).
 */
export interface ChatListCache {
  /** Applies a ch:'chats' push (`me`: the viewer, whose own messages raise no unread); false when no list is cached. */
  apply(message: Envelope, me: string | null): boolean;
  /** The chat was read up to its end; false when no list is cached. */
  markRead(chatId: string): boolean;
  /** The chat moved to or from the archive; false when no list is cached. */
  archiveChanged(chatId: string, archived: boolean): boolean;
  /** The chat's title as the list holds it. */
  titleOf(chatId: string): string | undefined;
}

let cache: ChatListCache | null = null;
// A change the list could not take (nothing cached): the list kept from the last launch is stale when it shows.
let missed = false;
const LIST_CHANGES = new Set(['chatCreated', 'chatUpdated', 'chatDeleted', 'newMessage']);

export function connectChatListCache(next: ChatListCache): void {
  cache = next;
}

/** A ch:'chats' push for the list, wherever the user is. */
export function applyChatsPush(message: Envelope, me: string | null): void {
  if (!cache?.apply(message, me) && LIST_CHANGES.has(message.t)) missed = true;
}

export function markChatReadInList(chatId: string): void {
  if (!cache?.markRead(chatId)) missed = true;
}

export function chatArchiveChanged(chatId: string, archived: boolean): void {
  if (!cache?.archiveChanged(chatId, archived)) missed = true;
}

export const chatTitleInList = (chatId: string): string | undefined => cache?.titleOf(chatId);

/** Whether the list missed a change since it was last asked; asking clears it. */
export function takeMissedChange(): boolean {
  const was = missed;
  missed = false;
  return was;
}
