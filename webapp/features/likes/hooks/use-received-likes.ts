import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import type { Envelope } from '../../../../contracts/realtime';
import { showToast } from '../../../components/ui/toast-store';
import { newCid, PendingRequests } from '../../../lib/realtime/pending-requests';
import { sendOnChannel } from '../../../lib/realtime/realtime-registry';
import { useChannel } from '../../../lib/realtime/use-channel';
import { haptics } from '../../../lib/telegram/haptics';
import { LIKES_TEXT, serverMessage } from '../lib/likes-text';
import { matchViewSchema, type MatchView } from '../../../../contracts/likes';
import { awaitMatchWith, stopAwaitingMatchWith } from '../../../components/match-view/match-moment';
import { useSeenMarks } from './use-seen-marks';
import {
  advance,
  parseReceivedPage,
  RECEIVED_PAGE_SIZE,
  stateForPage,
  withoutUser,
  type ReceivedLikesState,
} from '../lib/received-likes-state';

/** end-user.md §4: the first 20 received likes are asked for about 1 s after the screen opens. */
const INITIAL_LOAD_DELAY_MS = 1000;
const INVALID_PAGE = 'Ошибка загрузки анкеты';

type RequestKind = 'page' | 'action';

/** The likes screen over ch:'likes': one received like at a time, answered with like or dislike. */
export function useReceivedLikes() {
  const [state, setState] = useState<ReceivedLikesState>({ phase: 'loading' });
  const [match, setMatch] = useState<MatchView | null>(null);
  const likedUser = useRef<string | null>(null);
  // The state on screen for the callbacks below, written after each commit (never during render).
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });
  const answeredAny = useRef(false);

  const timedOut = useEffectEvent((kind: RequestKind) => {
    if (kind === 'page') return setState({ phase: 'error', message: LIKES_TEXT.timeout });
    settleLike();
    setState((s) => (s.phase === 'list' ? { ...s, busy: false } : s));
    showToast({ text: LIKES_TEXT.likeFailed, description: LIKES_TEXT.timeout, tone: 'error' });
  });
  // The requests waiting for their reply live as long as the screen.
  const pending = useRef<PendingRequests<RequestKind> | null>(null);
  useEffect(() => {
    const requests = new PendingRequests<RequestKind>((kind) => timedOut(kind));
    pending.current = requests;
    return () => {
      requests.clear();
      pending.current = null;
    };
  }, []);
  useSeenMarks(state.phase === 'list' ? state.likes[state.index] : undefined);

  // The like's reply came: a match with that person from now on is announced as usual.
  function settleLike() {
    if (likedUser.current) stopAwaitingMatchWith(likedUser.current);
    likedUser.current = null;
  }

  const load = useCallback(() => {
    const requests = pending.current;
    if (!requests || requests.has('page')) return;
    const cid = newCid('received');
    requests.add(cid, 'page');
    setState({ phase: 'loading' });
    sendOnChannel('likes', { t: 'get_received', cid, data: { page: 1, limit: RECEIVED_PAGE_SIZE } });
  }, []);

  const answer = useCallback((action: 'like' | 'dislike') => {
    const current = stateRef.current;
    const like = current.phase === 'list' && !current.busy ? current.likes[current.index] : undefined;
    if (current.phase !== 'list' || !like) return;
    haptics.impact(action === 'like' ? 'medium' : 'light');
    const cid = newCid('action');
    pending.current?.add(cid, 'action');
    setState({ ...current, busy: true });
    if (action === 'like') awaitMatchWith((likedUser.current = like.userId));
    sendOnChannel('likes', { t: 'action', cid, data: { targetUserId: like.userId, action } });
  }, []);

  // A blocked person's card goes at once; the server leaves them out of every later page.
  const drop = (userId: string) => {
    const next = withoutUser(stateRef.current, userId);
    if (next) return setState(next);
    return stateRef.current.phase === 'list' && stateRef.current.hasNext ? load() : setState({ phase: 'end' });
  };

  const isExhausted = () => ['none', 'end', 'error'].includes(stateRef.current.phase);

  const onMessage = (message: Envelope) => {
    const kind = pending.current?.settle(message.cid);
    switch (message.t) {
      case 'received_likes': {
        const page = parseReceivedPage(message.data);
        return setState(page ? stateForPage(page, answeredAny.current) : { phase: 'error', message: INVALID_PAGE });
      }
      case 'action_success': {
        answeredAny.current = true;
        settleLike();
        const target = (message.data as { targetUserId?: unknown } | undefined)?.targetUserId;
        const next = advance(stateRef.current, typeof target === 'string' ? target : undefined);
        if (next) return setState(next);
        return stateRef.current.phase === 'list' && stateRef.current.hasNext ? load() : setState({ phase: 'end' });
      }
      case 'match': {
        // The reply to this screen's like (a push has no cid): the match view, over the next like.
        const view = message.cid ? matchViewSchema.safeParse(message.data) : null;
        return view?.success ? setMatch(view.data) : undefined;
      }
      case 'new_like':
        return isExhausted() ? load() : undefined;
      case 'error':
        if (kind === 'page') return setState({ phase: 'error', message: serverMessage(message.data) });
        if (kind === 'action') {
          settleLike();
          setState((s) => (s.phase === 'list' ? { ...s, busy: false } : s));
          showToast({ text: serverMessage(message.data), tone: 'error' });
        }
        return undefined;
      default:
        return undefined;
    }
  };
  useChannel('likes', onMessage);

  useEffect(() => {
    const timer = setTimeout(load, INITIAL_LOAD_DELAY_MS);
    const onFocus = () => {
      if (isExhausted()) load();
    };
    window.addEventListener('focus', onFocus);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [load]);

  return {
    state,
    like: () => answer('like'),
    dislike: () => answer('dislike'),
    reload: load,
    drop,
    match,
    closeMatch: () => setMatch(null),
  };
}
