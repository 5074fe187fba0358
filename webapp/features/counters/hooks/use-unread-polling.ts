import { useEffect } from 'react';
import { fetchUnreadCounts } from '../../../lib/counters/fetch-unread-counts';
import { useUnread } from '../../../lib/counters/unread-store';

export const UNREAD_POLL_MS = 30_000;

/** Polls both counters at once and then every 30 s while the frame is mounted. */
export function useUnreadPolling(intervalMs = UNREAD_POLL_MS): void {
  useEffect(() => {
    let live = true;
    const poll = () => {
      void fetchUnreadCounts().then((counts) => {
        if (live) useUnread.setState({ ...counts, polled: true });
      });
    };
    poll();
    const timer = setInterval(poll, intervalMs);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [intervalMs]);
}
