import { create } from 'zustand';
import type { UnreadCounts } from './fetch-unread-counts';

interface UnreadState extends UnreadCounts {
  /** True once a poll has answered: the summary toast waits for real numbers. */
  polled: boolean;
  set(counts: Partial<UnreadCounts>): void;
}

/** Badge counters; polling fills them, realtime events may adjust them in between. */
export const useUnread = create<UnreadState>()((set) => ({
  messages: 0,
  likes: 0,
  polled: false,
  set: (counts) => set(counts),
}));
