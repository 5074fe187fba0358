import { useCallback, useEffect, useRef } from 'react';
import type { Envelope } from '../../../../contracts/realtime';
import { fetchUnreadCounts, fetchUnreadLikes, fetchUnreadMessages } from '../../../lib/counters/fetch-unread-counts';
import { useUnread } from '../../../lib/counters/unread-store';
import { useChannel } from '../../../lib/realtime/use-channel';
import type { StatusHandler } from '../../../lib/realtime/realtime-socket';
import { useSession } from '../../../lib/session/session-store';
import { chatsCounterChange, likesCounterChange, type CounterChange } from '../lib/counter-pushes';

/** end-user.md §9: the counters' poll, now only while a socket is down. */
const UNREAD_POLL_MS = 30_000;

const FETCH = { messages: fetchUnreadMessages, likes: fetchUnreadLikes };

function applyChange(change: CounterChange | null): void {
  if (!change) return;
  const { counter } = change;
  if ('step' in change) return useUnread.setState((s) => ({ [counter]: Math.max(0, s[counter] + change.step) }));
  // Nothing to lower from zero: no request for every swipe while no like waits.
  if (counter === 'likes' && useUnread.getState().likes === 0) return;
  void FETCH[counter]().then((count) => useUnread.setState({ [counter]: count }));
}

/**
 * The badges: both counts once at launch, then moved by the pushes of both sockets; after a socket comes back the
 * server is asked again (pushes may have been missed), and while one is down the 30 s poll stands in for it.
 */
export function useLiveCounters(pollMs = UNREAD_POLL_MS): void {
  const me = useSession((s) => (s.user ? String(s.user.telegramId) : null));
  const poll = useCallback(() => {
    void fetchUnreadCounts().then((counts) => useUnread.setState({ ...counts, polled: true }));
  }, []);
  useEffect(poll, [poll]);
  const onStatus = useFallbackPoll(poll, pollMs);
  useChannel('chats', (message: Envelope) => void chatsCounterChange(message, me).then(applyChange), onStatus('chats'));
  useChannel('likes', (message) => applyChange(likesCounterChange(message)), onStatus('likes'));
  useChannel('explore', (message) => applyChange(likesCounterChange(message)));
}

/** Per socket: a drop starts the poll, the way back asks once and stops it when no socket is down any more. */
function useFallbackPoll(poll: () => void, pollMs: number): (socket: string) => StatusHandler {
  const down = useRef(new Set<string>());
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearInterval(timer.current);
    },
    [],
  );
  return (socket) => (status) => {
    if (status === 'closed') {
      down.current.add(socket);
      timer.current ??= setInterval(poll, pollMs);
      return;
    }
    if (!down.current.delete(socket)) return;
    poll();
    if (down.current.size === 0 && timer.current) {
      clearInterval(timer.current);
      timer.current = null;
    }
  };
}
