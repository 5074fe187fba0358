import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import type { Envelope } from '../../../../contracts/realtime';
import { showToast } from '../../../components/ui/toast-store';
import { newCid, PendingRequests } from '../../../lib/realtime/pending-requests';
import { sendOnChannel } from '../../../lib/realtime/realtime-registry';
import { useChannel } from '../../../lib/realtime/use-channel';
import { haptics } from '../../../lib/telegram/haptics';
import { EXPLORE_TEXT, serverMessage } from '../lib/explore-messages';
import { parseProfileMessage, type ExploreState } from '../lib/explore-state';
import { takeFirstCard, type EarlyCard } from '../lib/first-card';
import { persistCard } from '../lib/persisted-card';
import { preloadCardPhoto } from '../lib/preload-photo';
import { useFocusRefetch } from './use-focus-refetch';
import { useLikeReplies } from './use-like-replies';

// 'ahead': the card after the one on screen, asked for while it is shown so a swipe shows it (and its photo) at once.
type RequestKind = 'next' | 'ahead' | 'like' | 'dislike';
type Card = Extract<ExploreState, { phase: 'card' }>;
const EARLY_CID = 'first-card';
/** The longest a swipe waits for the next card's photo to be decoded; past it the card shows with its own loader. */
const DECODE_WAIT_MS = 1500;

interface Ahead {
  cid: string;
  card: Card | null;
  /** Settles once the card's first photo is decoded (or failed). */
  ready: Promise<void> | null;
  decoded: boolean;
}

/** The answer to the request sent during start-up (which alone may bring back the card kept from the last visit), else loading. */
const initialState = (early: EarlyCard | null): ExploreState => early?.state ?? { phase: 'loading' };

/** end-user.md §4 Explore: one card at a time over ch:'explore', with the 6 s timeout, persistence and focus refetch. */
export function useExploreFeed() {
  const [early] = useState(takeFirstCard);
  const [state, setState] = useState<ExploreState>(() => initialState(early));
  // The state on screen for the callbacks below, written after each commit (never during render).
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });

  const replies = useLikeReplies();
  const timedOut = useEffectEvent((kind: RequestKind, cid: string) => {
    if (kind === 'ahead') return undefined; // the swipe asks again
    replies.settle(cid);
    if (kind === 'next') return setState({ phase: 'error', message: EXPLORE_TEXT.timeout });
    showToast({
      text: kind === 'like' ? EXPLORE_TEXT.likeFailed : EXPLORE_TEXT.timeout,
      description: kind === 'like' ? EXPLORE_TEXT.timeout : undefined,
      tone: 'error',
    });
  });
  // The requests waiting for their reply live as long as the screen; created before the channel's effect opens it.
  const pending = useRef<PendingRequests<RequestKind> | null>(null);
  useEffect(() => {
    const requests = new PendingRequests<RequestKind>((kind, cid) => timedOut(kind, cid));
    // The start-up request still on its way counts as this screen's own 'next' (with the same timeout).
    if (early && !early.state) requests.add(EARLY_CID, 'next');
    pending.current = requests;
    return () => {
      requests.clear();
      pending.current = null;
    };
  }, [early]);

  useEffect(() => persistCard(state.phase === 'card' ? state.card : null), [state]);

  const ahead = useRef<Ahead | null>(null);
  // A swipe waits for the next card's photo: no second swipe acts on the card still on screen meanwhile.
  const switching = useRef(false);
  const requestAhead = useCallback(() => {
    const requests = pending.current;
    const current = stateRef.current;
    if (!requests || ahead.current || requests.has('next') || current.phase !== 'card') return;
    const cid = newCid('ahead');
    ahead.current = { cid, card: null, ready: null, decoded: false };
    requests.add(cid, 'ahead');
    // The card on screen is not swiped yet, so the server would offer it again: it is skipped.
    sendOnChannel('explore', { t: 'next', cid, data: { skip: current.card.userId } });
  }, []);
  useEffect(requestAhead, [state, requestAhead]);

  const requestNext = useCallback(() => {
    const requests = pending.current;
    if (!requests || requests.has('next')) return;
    const cid = newCid('next');
    requests.add(cid, 'next');
    setState({ phase: 'loading' });
    sendOnChannel('explore', { t: 'next', cid, data: {} });
  }, []);

  // The card asked for ahead is shown once its photo is decoded, so no loader flashes on it.
  const showAhead = useCallback((kept: Ahead & { card: Card }) => {
    if (kept.decoded || !kept.ready) return setState(kept.card);
    switching.current = true;
    const cap = new Promise<void>((resolve) => setTimeout(resolve, DECODE_WAIT_MS));
    void Promise.race([kept.ready, cap]).then(() => {
      switching.current = false;
      setState(kept.card);
    });
  }, []);

  // Shows the card asked for ahead; one still on its way becomes this screen's 'next' (never asked for twice).
  const advance = useCallback(() => {
    const kept = ahead.current;
    ahead.current = null;
    if (kept?.card) return showAhead(kept as Ahead & { card: Card });
    if (kept && pending.current?.settle(kept.cid) === 'ahead') {
      pending.current.add(kept.cid, 'next');
      return setState({ phase: 'loading' });
    }
    requestNext();
  }, [requestNext, showAhead]);

  const swipe = useCallback(
    (kind: 'like' | 'dislike') => {
      const current = stateRef.current;
      if (current.phase !== 'card' || switching.current) return false;
      haptics.impact(kind === 'like' ? 'medium' : 'light');
      const cid = newCid(kind);
      pending.current?.add(cid, kind);
      replies.sent(cid, kind, current.card);
      sendOnChannel('explore', { t: kind, cid, data: { targetUserId: current.card.userId } });
      advance();
      return true;
    },
    [advance, replies],
  );

  const onMessage = (message: Envelope) => {
    const kind = pending.current?.settle(message.cid);
    if (kind === 'ahead') return keepAhead(message);
    if (message.t === 'profile') return setState(parseProfileMessage(message.data));
    // A pushed match (no cid) is the app-wide notice's; the reply to this screen's like is the match view.
    if (message.t === 'match') return message.cid ? replies.matched(message.data) : undefined;
    replies.settle(message.cid);
    if (message.t !== 'error') return undefined; // ack is only a receipt
    const text = serverMessage(message.data);
    if (kind === 'next' || (kind === undefined && stateRef.current.phase === 'loading')) return setState({ phase: 'error', message: text });
    haptics.notify('error');
    showToast({ text: kind === 'like' ? EXPLORE_TEXT.likeFailed : text, description: kind === 'like' ? text : undefined, tone: 'error' });
  };

  // A card ahead is kept (its photo fetched now) unless it is the one on screen, e.g. a liked-me card not yet swiped.
  const keepAhead = (message: Envelope) => {
    const next = message.t === 'profile' ? parseProfileMessage(message.data) : null;
    const current = stateRef.current;
    const same = next?.phase === 'card' && current.phase === 'card' && next.card.userId === current.card.userId;
    if (!ahead.current || ahead.current.cid !== message.cid) return;
    if (next?.phase !== 'card' || same) return void (ahead.current = null);
    const entry = ahead.current;
    entry.card = next;
    entry.ready = preloadCardPhoto(next.card, 'low').then(() => void (entry.decoded = true));
  };

  const hasNoCard = () => stateRef.current.phase !== 'card';
  // Opened (or reopened after a drop) with nothing on screen: ask for a card.
  const onStatus = (status: 'open' | 'closed') => {
    if (status === 'open' && hasNoCard()) requestNext();
    else if (status === 'open') requestAhead();
  };
  useChannel('explore', onMessage, onStatus);
  // The start-up request's answer, when it comes: shown, or on failure asked for again over the socket.
  useEffect(() => {
    if (!early || early.state) return;
    void early.settled.then((answer) => {
      if (pending.current?.settle(EARLY_CID) === undefined) return;
      if (answer) setState(answer);
      else requestNext();
    });
  }, [early, requestNext]);
  useFocusRefetch(hasNoCard, requestNext);

  // A dislike taken back: its card comes back on screen, and the card it covered is the next one again.
  const restore = useCallback((card: Card['card']) => {
    const current = stateRef.current;
    if (current.phase === 'card') ahead.current = { cid: 'restored', card: current, ready: null, decoded: true };
    setState({ phase: 'card', card });
  }, []);

  return {
    state,
    like: () => swipe('like'),
    dislike: () => swipe('dislike'),
    retry: requestNext,
    // After a block the card goes at once; the server no longer offers that person.
    dropCard: () => {
      replies.forgetUndo();
      advance();
    },
    match: replies.match,
    closeMatch: replies.closeMatch,
    undoable: replies.undoable,
    forgetUndo: replies.forgetUndo,
    restore,
  };
}
