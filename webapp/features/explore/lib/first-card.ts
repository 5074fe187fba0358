import type { Envelope } from '../../../../api/contracts/realtime';
import { newCid } from '../../../lib/realtime/pending-requests';
import { sendOnChannel, subscribeChannel } from '../../../lib/realtime/realtime-registry';
import { parseProfileMessage } from './explore-state';
import { loadPersistedCard } from './persisted-card';
import { preloadCardPhoto } from './preload-photo';

/** How long an early answer waits for the explore screen before the socket is let go. */
const HOLD_MS = 15_000;

export interface EarlyCard {
  cid: string;
  /** The server's answer, once it came. */
  answer: Envelope | null;
}

interface Held extends EarlyCard {
  stop: () => void;
  timer: ReturnType<typeof setTimeout>;
}
let early: Held | null = null;

/**
 * Asks for the first card while start-up is still running (the socket authenticates on its own), and fetches
 * its photo as soon as it is known; a card kept from the last visit only has its photo fetched.
 */
export function prefetchFirstCard(): void {
  if (early) return;
  const kept = loadPersistedCard();
  if (kept) return preloadCardPhoto(kept);
  const cid = newCid('next');
  const entry: Held = { cid, answer: null, stop: () => undefined, timer: setTimeout(releaseFirstCard, HOLD_MS) };
  entry.stop = subscribeChannel('explore', (message) => {
    if (message.cid !== cid) return;
    entry.answer = message;
    const state = message.t === 'profile' ? parseProfileMessage(message.data) : null;
    if (state?.phase === 'card') preloadCardPhoto(state.card);
  });
  early = entry;
  sendOnChannel('explore', { t: 'next', cid, data: {} });
}

/** The early request for the explore screen to take over: its answer if it came, else its cid to wait for. */
export function takeFirstCard(): EarlyCard | null {
  return early && { cid: early.cid, answer: early.answer };
}

/** Lets the early request go (its socket closes unless the screen holds it too). */
export function releaseFirstCard(): void {
  if (!early) return;
  clearTimeout(early.timer);
  early.stop();
  early = null;
}
