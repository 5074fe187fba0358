import { create } from 'zustand';
import { chatsPushes, type ChatListItem } from '../../../../contracts/chat';
import type { Envelope } from '../../../../contracts/realtime';
import { useSession } from '../../../lib/session/session-store';
import { fetchArchiveSummary, fetchChatList } from '../api/chat-api';
import { readChatListCache, writeChatListCache } from '../lib/chat-list-cache';

export const CHAT_LIST_STALE_MS = 5 * 60_000;

export interface ChatListState {
  phase: 'idle' | 'loading' | 'ready' | 'error';
  items: ChatListItem[];
  nextCursor: string | null;
  loadingMore: boolean;
  /** A reload of a list that is already shown (the refresh button spins). */
  refreshing: boolean;
  loadedAt: number;
  archive: { messageCount: number; chatTitles: string[] } | null;
  /** Loads the first page unless the cache is younger than 5 minutes (`force` ignores the cache); false when it failed. */
  load(force?: boolean): Promise<boolean>;
  loadMore(): Promise<void>;
  /** Applies a ch:'chats' push; `me` is the viewer's id (own messages do not raise unread). */
  apply(message: Envelope, me: string | null): void;
  /** The chat was read up to its end on the chat screen. */
  markReadLocal(chatId: string): void;
}

const upsert = (items: ChatListItem[], chat: ChatListItem, toTop: boolean): ChatListItem[] => {
  const rest = items.filter((c) => c.id !== chat.id);
  if (toTop) return [chat, ...rest];
  const index = items.findIndex((c) => c.id === chat.id);
  if (index < 0) return [chat, ...rest];
  const copy = [...items];
  copy[index] = chat;
  return copy;
};

export const useChatList = create<ChatListState>()((set, get) => ({
  phase: 'idle',
  items: [],
  nextCursor: null,
  loadingMore: false,
  refreshing: false,
  loadedAt: 0,
  archive: null,
  async load(force = false) {
    if (get().phase === 'idle') hydrateFromCache(set);
    const { phase, loadedAt, refreshing } = get();
    if (phase === 'loading' || refreshing) return true;
    if (!force && phase === 'ready' && Date.now() - loadedAt < CHAT_LIST_STALE_MS) return true;
    set(phase === 'ready' ? { refreshing: true } : { phase: 'loading' });
    try {
      const [page, archive] = await Promise.all([fetchChatList(), fetchArchiveSummary().catch(() => null)]);
      set({
        phase: 'ready',
        refreshing: false,
        items: page.items,
        nextCursor: page.nextCursor,
        loadedAt: Date.now(),
        archive: archive && { messageCount: archive.messageCount, chatTitles: archive.chatTitles },
      });
      return true;
    } catch {
      // A failed refresh keeps the list on screen; only a first load shows the error state.
      set(phase === 'ready' ? { refreshing: false } : { phase: 'error' });
      return false;
    }
  },
  async loadMore() {
    const { nextCursor, loadingMore } = get();
    if (!nextCursor || loadingMore) return;
    set({ loadingMore: true });
    try {
      const page = await fetchChatList(nextCursor);
      const known = new Set(get().items.map((c) => c.id));
      set((s) => ({ items: [...s.items, ...page.items.filter((c) => !known.has(c.id))], nextCursor: page.nextCursor, loadingMore: false }));
    } catch {
      set({ loadingMore: false });
    }
  },
  apply(message, me) {
    const { t, data } = message;
    if (t === 'chatCreated' || t === 'chatUpdated') {
      const parsed = chatsPushes[t].safeParse(data);
      if (parsed.success) set((s) => ({ items: upsert(s.items, parsed.data.chat, t === 'chatCreated') }));
    } else if (t === 'chatDeleted') {
      const parsed = chatsPushes.chatDeleted.safeParse(data);
      if (parsed.success) set((s) => ({ items: s.items.filter((c) => c.id !== parsed.data.chatId) }));
    } else if (t === 'newMessage') {
      const parsed = chatsPushes.newMessage.safeParse(data);
      if (!parsed.success) return;
      const { chatId, message: msg, preview } = parsed.data;
      const chat = get().items.find((c) => c.id === chatId);
      if (!chat) {
        // A chat the list does not hold yet: fetch it with the next load.
        set({ loadedAt: 0 });
        return;
      }
      if (msg.seq <= chat.lastSeq) return;
      const own = me !== null && msg.senderId === me;
      const unreadCount = own ? chat.unreadCount : Math.max(0, chat.unreadCount + 1);
      set((s) => ({
        items: upsert(s.items, { ...chat, message: preview, lastSeq: msg.seq, unreadCount, isRead: unreadCount === 0 }, true),
      }));
    } else if (t === 'userOnline' || t === 'userOffline' || t === 'presenceSnapshot') {
      const users =
        t === 'presenceSnapshot'
          ? (chatsPushes.presenceSnapshot.safeParse(data).data?.users ?? [])
          : [chatsPushes[t].safeParse(data).data].filter((u) => u !== undefined);
      if (!users.length) return;
      const byChat = new Map(users.map((u) => [u.chatId, u]));
      set((s) => ({
        items: s.items.map((c) => {
          const p = byChat.get(c.id);
          return p ? { ...c, isOnline: p.isOnline, lastSeen: p.lastSeen ?? c.lastSeen } : c;
        }),
      }));
    }
  },
  markReadLocal(chatId) {
    set((s) => ({ items: s.items.map((c) => (c.id === chatId ? { ...c, unreadCount: 0, isRead: true } : c)) }));
  },
}));

const viewerId = () => useSession.getState().user?.telegramId ?? null;

/** end-user.md §4: the list kept from the last launch shows at once; load() refetches it when 5 minutes old. */
function hydrateFromCache(set: (state: Partial<ChatListState>) => void): void {
  const userId = viewerId();
  const cached = userId === null ? null : readChatListCache(userId);
  if (cached) set({ phase: 'ready', items: cached.items, nextCursor: cached.nextCursor, loadedAt: cached.fetchedAt });
}

// Every change of a loaded list is written back, so the next launch starts from it.
useChatList.subscribe((state, prev) => {
  const userId = viewerId();
  if (userId === null || state.phase !== 'ready') return;
  if (state.items === prev.items && state.nextCursor === prev.nextCursor && state.loadedAt === prev.loadedAt) return;
  writeChatListCache(userId, { items: state.items, nextCursor: state.nextCursor, fetchedAt: state.loadedAt });
});
