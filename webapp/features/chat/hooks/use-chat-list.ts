import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { ChatListItem } from '../../../../contracts/chat';
import { useSession } from '../../../lib/session/session-store';
import { setChatArchived } from '../api/chat-api';
import { archivedChatsQuery, archiveSummaryQuery, chatListQuery, chatsOf } from '../lib/chat-list-query';
import { archiveFailed, archiveMoved } from '../lib/toggle-archive';

export interface ChatListView {
  /** The chats in order; null until the first answer (or the list kept from the last launch). */
  chats: ChatListItem[] | null;
  /** The first load failed and nothing is shown. */
  failed: boolean;
  /** The list and the archive row have answered (or the list failed): the screen draws what it will keep. */
  settled: boolean;
  /** A list that is already shown is being asked again (the refresh button spins). */
  refreshing: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  archive: { messageCount: number; chatTitles: string[] } | null;
  /** Asks the list and the archive row again; false when the list failed. */
  refresh(): Promise<boolean>;
  loadMore(): void;
}

/** /chat's server state: the viewer's chats a page at a time, and the archive row. */
export function useChatList(): ChatListView {
  const viewer = useSession((s) => s.user?.telegramId ?? null);
  const list = useInfiniteQuery({ ...chatListQuery(viewer), select: chatsOf });
  const archive = useQuery(archiveSummaryQuery);
  const chats = list.data ?? null;
  const failed = chats === null && list.isError && !list.isFetching;
  return {
    chats,
    failed,
    settled: failed || (chats !== null && !archive.isPending),
    refreshing: chats !== null && list.isFetching && !list.isFetchingNextPage,
    hasMore: list.hasNextPage,
    loadingMore: list.isFetchingNextPage,
    archive: archive.data ? { messageCount: archive.data.messageCount, chatTitles: archive.data.chatTitles } : null,
    async refresh() {
      const [answer] = await Promise.all([list.refetch(), archive.refetch()]);
      return !answer.isError;
    },
    // Not while the list is asked again: the next page follows the fresh first one.
    loadMore: () => void list.fetchNextPage({ cancelRefetch: false }),
  };
}

/** /archive's chats: null until the first answer. */
export function useArchivedChats() {
  const archived = useQuery(archivedChatsQuery);
  return {
    chats: archived.data ?? null,
    failed: archived.data === undefined && archived.isError && !archived.isFetching,
    retry: () => void archived.refetch(),
  };
}

/** Moves a chat to or from the archive from its row; the row leaves its list when the server has moved it. */
export function useArchiveChat(toArchive: boolean): (chatId: string) => void {
  const move = useMutation({
    mutationFn: (chatId: string) => setChatArchived(chatId, toArchive),
    onSuccess: (answer, chatId) => archiveMoved(chatId, answer.archived),
    onError: archiveFailed,
  });
  return move.mutate;
}
