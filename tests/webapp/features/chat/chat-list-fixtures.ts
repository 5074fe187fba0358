import type { ChatListItem } from '../../../../contracts/chat';
import { chatListQuery, chatsOf } from '../../../../webapp/features/chat/lib/chat-list-query';
import { queryClient } from '../../../../webapp/lib/query/query-client';
import { testUser } from '../../support/session';

// The chat list as the query cache holds it for the signed-in test user (signIn()'s).
const listKey = chatListQuery(testUser().telegramId).queryKey;

/** The list as if /chat had been open earlier in this launch: fetched just now. */
export function holdChatList(items: ChatListItem[], nextCursor: string | null = null): void {
  queryClient.setQueryData(listKey, { pages: [{ items, nextCursor }], pageParams: [null] });
}

/** The chats the cached list holds, in order. */
export const heldChats = (): ChatListItem[] => chatsOf(queryClient.getQueryData(listKey));

/** A fresh launch: nothing in memory, only what the last launch left in storage. */
export const relaunch = (): void => queryClient.clear();
