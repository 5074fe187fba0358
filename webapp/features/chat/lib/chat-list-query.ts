import { infiniteQueryOptions, queryOptions, type InfiniteData, type Query } from '@tanstack/react-query';
import { chatsPushes, type ChatListItem } from '../../../../contracts/chat';
import type { Envelope } from '../../../../contracts/realtime';
import { queryClient } from '../../../lib/query/query-client';
import { fetchArchiveSummary, fetchChatList } from '../api/chat-api';
import { fetchArchivedChats } from '../api/chat-search-api';
import { readChatListCache, writeChatListCache } from './chat-list-cache';
import { connectChatListCache, takeMissedChange } from './chat-list-link';

// The chat list's server state in the query cache (issue 41). This module comes with the chat list's and the archive's
// lazy chunks, TanStack Query with it; on load it connects the cache to the app-wide pushes (chat-list-link.ts).

/** A page of GET /api/chat/me. */
interface ChatListPage {
  items: ChatListItem[];
  nextCursor: string | null;
}
type ChatListData = InfiniteData<ChatListPage, string | null>;

/** end-user.md §4: a list younger than 5 minutes is not asked again when it opens. */
const CHAT_LIST_STALE_MS = 5 * 60_000;

const chatKeys = {
  lists: ['chats', 'list'] as const,
  /** One list per account, so a shared device never shows one user's chats to another. */
  list: (viewer: number | null) => ['chats', 'list', viewer] as const,
  archiveSummary: ['chats', 'archive-summary'] as const,
  archived: ['chats', 'archived'] as const,
};

/** The list's chats in order, each once (a page asked after the list moved may repeat a chat of the one before). */
export function chatsOf(data: ChatListData | undefined): ChatListItem[] {
  if (!data) return [];
  const seen = new Set<string>();
  return data.pages.flatMap((page) =>
    page.items.filter((chat) => {
      if (seen.has(chat.id)) return false;
      seen.add(chat.id);
      return true;
    }),
  );
}

/** end-user.md §3, §4: the list kept from the last launch shows at once, stale from when it was fetched. */
function storedList(viewer: number | null): { data: ChatListData; fetchedAt: number } | undefined {
  const stored = viewer === null ? null : readChatListCache(viewer);
  if (!stored) return undefined;
  return { data: { pages: [{ items: stored.items, nextCursor: stored.nextCursor }], pageParams: [null] }, fetchedAt: stored.fetchedAt };
}

/** The first page as asked; a chat a push has moved on meanwhile keeps the newer version, at the top. */
async function fetchPage(viewer: number | null, cursor: string | null): Promise<ChatListPage> {
  const page = await fetchChatList(cursor);
  if (cursor !== null) return page;
  const held = new Map(chatsOf(queryClient.getQueryData<ChatListData>(chatKeys.list(viewer))).map((chat) => [chat.id, chat]));
  const newer = page.items.flatMap((chat) => {
    const kept = held.get(chat.id);
    return kept && kept.lastSeq > chat.lastSeq ? [kept] : [];
  });
  if (!newer.length) return page;
  const moved = new Set(newer.map((chat) => chat.id));
  return { ...page, items: [...newer, ...page.items.filter((chat) => !moved.has(chat.id))] };
}

/**
 * The viewer's chats, a page at a time. The first page is GET /api/chat/me as the page's inline script sends it for a
 * launch into /chat (webapp/boot/landing-calls.ts): the API client hands that answer over only to a call without an
 * abort signal, so the query function takes none.
 */
export const chatListQuery = (viewer: number | null) =>
  infiniteQueryOptions({
    queryKey: chatKeys.list(viewer),
    queryFn: ({ pageParam }) => fetchPage(viewer, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ChatListPage) => last.nextCursor,
    staleTime: CHAT_LIST_STALE_MS,
    // Pushes keep the list current wherever the user is, so it stays for the whole launch.
    gcTime: Infinity,
    initialData: () => storedList(viewer)?.data,
    // A change came while no list was held: the kept one is stale at once (shown while it is asked again).
    initialDataUpdatedAt: () => (takeMissedChange() ? 0 : storedList(viewer)?.fetchedAt),
  });

/** The archive row's count and titles (GET /api/chat/archive, also sent early for a launch into /chat). */
export const archiveSummaryQuery = queryOptions({
  queryKey: chatKeys.archiveSummary,
  queryFn: () => fetchArchiveSummary(),
  staleTime: CHAT_LIST_STALE_MS,
});

/** /archive's chats, asked each time it opens. */
export const archivedChatsQuery = queryOptions({ queryKey: chatKeys.archived, queryFn: () => fetchArchivedChats() });

const withoutChat = (data: ChatListData, chatId: string): ChatListData => ({
  ...data,
  pages: data.pages.map((page) => ({ ...page, items: page.items.filter((chat) => chat.id !== chatId) })),
});

const atTop = (data: ChatListData, chat: ChatListItem): ChatListData => {
  const rest = withoutChat(data, chat.id);
  const [first, ...pages] = rest.pages;
  return { ...rest, pages: [{ items: [chat, ...(first?.items ?? [])], nextCursor: first?.nextCursor ?? null }, ...pages] };
};

const mapChats = (data: ChatListData, map: (chat: ChatListItem) => ChatListItem): ChatListData => ({
  ...data,
  pages: data.pages.map((page) => ({ ...page, items: page.items.map(map) })),
});

/** A chat changed where it stands; one the list does not hold yet goes on top. */
const inPlace = (data: ChatListData, chat: ChatListItem): ChatListData =>
  chatsOf(data).some((c) => c.id === chat.id) ? mapChats(data, (c) => (c.id === chat.id ? chat : c)) : atTop(data, chat);

/** What a ch:'chats' push makes of a list; 'unknown' for a message in a chat the list does not hold. */
function applyPush(data: ChatListData, message: Envelope, me: string | null): ChatListData | 'unknown' {
  const { t, data: body } = message;
  if (t === 'chatCreated' || t === 'chatUpdated') {
    const parsed = chatsPushes[t].safeParse(body);
    if (!parsed.success) return data;
    return t === 'chatCreated' ? atTop(data, parsed.data.chat) : inPlace(data, parsed.data.chat);
  }
  if (t === 'chatDeleted') {
    const parsed = chatsPushes.chatDeleted.safeParse(body);
    return parsed.success ? withoutChat(data, parsed.data.chatId) : data;
  }
  if (t === 'newMessage') {
    const parsed = chatsPushes.newMessage.safeParse(body);
    if (!parsed.success) return data;
    const { chatId, message: sent, preview } = parsed.data;
    const chat = chatsOf(data).find((c) => c.id === chatId);
    if (!chat) return 'unknown';
    if (sent.seq <= chat.lastSeq) return data;
    const own = me !== null && sent.senderId === me;
    const unreadCount = own ? chat.unreadCount : Math.max(0, chat.unreadCount + 1);
    return atTop(data, { ...chat, message: preview, lastSeq: sent.seq, unreadCount, isRead: unreadCount === 0 });
  }
  if (t === 'userOnline' || t === 'userOffline' || t === 'presenceSnapshot') {
    const users =
      t === 'presenceSnapshot'
        ? (chatsPushes.presenceSnapshot.safeParse(body).data?.users ?? [])
        : [chatsPushes[t].safeParse(body).data].filter((u) => u !== undefined);
    if (!users.length) return data;
    const byChat = new Map(users.map((u) => [u.chatId, u]));
    return mapChats(data, (c) => {
      const presence = byChat.get(c.id);
      return presence ? { ...c, isOnline: presence.isOnline, lastSeen: presence.lastSeen ?? c.lastSeen } : c;
    });
  }
  return data;
}

/** The lists the cache holds, with their data. */
const heldLists = () =>
  queryClient
    .getQueryCache()
    .findAll({ queryKey: chatKeys.lists })
    .flatMap((query) => {
      const data = query.state.data as ChatListData | undefined;
      return data ? [{ query, data }] : [];
    });

/** A push changes what a list shows, not when it was fetched: its 5 minutes still run from the fetch. */
function setList(query: Query, data: ChatListData): void {
  const { dataUpdatedAt, isInvalidated } = query.state;
  queryClient.setQueryData(query.queryKey, data, { updatedAt: dataUpdatedAt });
  if (isInvalidated) void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: 'none' });
}

function apply(message: Envelope, me: string | null): boolean {
  const lists = heldLists();
  for (const { query, data } of lists) {
    const next = applyPush(data, message, me);
    // A chat the list does not hold yet: asked again now when the list is open, else when it opens.
    if (next === 'unknown') void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    else if (next !== data) setList(query, next);
  }
  return lists.length > 0;
}

function markRead(chatId: string): boolean {
  const lists = heldLists();
  for (const { query, data } of lists)
    setList(
      query,
      mapChats(data, (c) => (c.id === chatId ? { ...c, unreadCount: 0, isRead: true } : c)),
    );
  return lists.length > 0;
}

/**
 * The server moved the chat: its row leaves the list it was in, and the other side is asked again. The chat list is
 * asked at once even when no one shows it (a chat taken out of the archive is back in it, not after its 5 minutes).
 */
function archiveChanged(chatId: string, archived: boolean): boolean {
  const lists = heldLists();
  if (archived) {
    for (const { query, data } of lists) setList(query, withoutChat(data, chatId));
    void queryClient.invalidateQueries({ queryKey: chatKeys.archived });
  } else {
    queryClient.setQueryData<ChatListItem[]>(chatKeys.archived, (items) => items?.filter((chat) => chat.id !== chatId));
  }
  void queryClient.invalidateQueries({ queryKey: chatKeys.lists, refetchType: 'all' });
  void queryClient.invalidateQueries({ queryKey: chatKeys.archiveSummary });
  return lists.length > 0;
}

const titleOf = (chatId: string): string | undefined =>
  heldLists()
    .flatMap(({ data }) => chatsOf(data))
    .find((c) => c.id === chatId)?.title;

connectChatListCache({ apply, markRead, archiveChanged, titleOf });

// Every change of a list is written back, so the next launch starts from it.
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'updated' || event.action.type !== 'success') return;
  const [scope, kind, viewer] = event.query.queryKey;
  const data = event.query.state.data as ChatListData | undefined;
  if (scope !== 'chats' || kind !== 'list' || typeof viewer !== 'number' || !data) return;
  writeChatListCache(viewer, {
    items: chatsOf(data),
    nextCursor: data.pages.at(-1)?.nextCursor ?? null,
    fetchedAt: event.query.state.dataUpdatedAt,
  });
});
