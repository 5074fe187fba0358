import { create } from 'zustand';
import type { UnreadCounts } from '../api/fetch-unread-counts';

interface UnreadState extends UnreadCounts {
  set(counts: Partial<UnreadCounts>): void;
}

/** Badge counters; polling fills them, realtime events may adjust them in between. */
export const useUnread = create<UnreadState>()((set) => ({
  messages: 0,
  likes: 0,
  set: (counts) => set(counts),
}));
