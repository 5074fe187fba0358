import { chatListItemSchema, type ChatListItem } from '../../../../contracts/chat';
import { chatListKeyFor } from './chat-list-key';

/** What survives a relaunch (end-user.md §3 Chat list item): the items, the cursor and when they were fetched. */
export interface CachedChatList {
  items: ChatListItem[];
  nextCursor: string | null;
  fetchedAt: number;
}

const AVATAR_URL = /^(https?:\/\/|\/(?!\/))/i;

/** An item is kept only when it matches the contract, has an id and its avatar is a URL or null. */
function parseChatItem(raw: unknown): ChatListItem | null {
  const parsed = chatListItemSchema.safeParse(raw);
  if (!parsed.success) return null;
  const { avatarUrl } = parsed.data;
  return avatarUrl === null || AVATAR_URL.test(avatarUrl) ? parsed.data : null;
}

/** Parses items one by one: a malformed one is dropped, the rest stay. */
export const parseChatItems = (raw: readonly unknown[]): ChatListItem[] => raw.flatMap((item) => parseChatItem(item) ?? []);

export function readChatListCache(userId: number): CachedChatList | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(chatListKeyFor(userId)) ?? 'null');
    if (!stored || typeof stored !== 'object') return null;
    const { items, nextCursor, fetchedAt } = stored as Record<string, unknown>;
    if (!Array.isArray(items) || typeof fetchedAt !== 'number') return null;
    return { items: parseChatItems(items), nextCursor: typeof nextCursor === 'string' ? nextCursor : null, fetchedAt };
  } catch {
    return null;
  }
}

export function writeChatListCache(userId: number, cache: CachedChatList): void {
  try {
    localStorage.setItem(chatListKeyFor(userId), JSON.stringify(cache));
  } catch {
    // Storage full or unavailable: the list is fetched again next launch.
  }
}
