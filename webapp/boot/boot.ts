// The page's inline script (built and inlined by scripts/inline-boot.ts, run under the page's CSP nonce): start-up's
// calls leave as soon as the HTML is parsed, not after the app's chunks have arrived; the API client takes their
// answers (early-requests.ts), and so does the landing screen's first calls (landing-calls.ts). The landing screen's
// chunks are asked for at once, and for a launch into explore the first card is painted from plain DOM when the
// server's answers allow it (early-card.ts); its chunks only once the card's photo has been asked for. A launch into the
// chat list or a chat paints that screen the same way (early-chat.ts).
import { sendEarly, type EarlyCall } from '../lib/api/early-requests';
import { MAY_BROWSE_KEY } from '../lib/browse-mark-key';
import { accountKeyOf } from '../lib/device-storage';
import { KEPT_CARD_NAME } from '../lib/kept-card-key';
import { isExplorePath } from '../lib/explore-path';
import { paintEarlyCard } from './early-card';
import { mayPaintChat, paintEarlyChat } from './early-chat';
import { onScreen } from './early-dom';
import { statusAllowsBrowsing } from './early-card-rule';
import { landingCalls } from './landing-calls';
import { preloadEntry, preloadLandingAssets, startEntry } from './landing-assets';
import { preloadAvatars } from './landing-images';

// The app's evaluation is one long task on a phone's CPU: on a launch into explore, the chat list or a chat it starts
// once the early paint and its images are on screen, or nothing is painted, and at the latest this long after the
// page's script ran.
const ENTRY_WAIT_MS = 2000;

/** The card kept on this device for this Telegram account, unchecked (it is only compared with the server's). */
function keptCard(initData: string): unknown {
  try {
    const key = accountKeyOf(KEPT_CARD_NAME, initData);
    return key === null ? null : JSON.parse(localStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

/** This account could browse at its last launch here: only then is a card asked for before the status answers. */
function mayBrowseHere(initData: string): boolean {
  try {
    const key = accountKeyOf(MAY_BROWSE_KEY, initData);
    return key !== null && localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

/**
 * The landing screen's first calls (the first card, the chat list, a chat): sent at once when this account could
 * browse here last time, else only once the status allows browsing (a new user's first launch never asks for what it
 * may not have); each answer is a 'null' body when they are not sent.
 */
function landingAnswers(initData: string, status: Promise<Response>, calls: EarlyCall[]): Promise<Response>[] {
  if (calls.length === 0) return [];
  if (mayBrowseHere(initData)) return sendEarly(initData, calls);
  const allowed = status.then(async (answer) => {
    const body: unknown = answer.ok
      ? await answer
          .clone()
          .json()
          .catch(() => null)
      : null;
    return statusAllowsBrowsing(body) ? sendEarly(initData, calls) : null;
  });
  return calls.map((_, i) => allowed.then((answers) => answers?.[i] ?? new Response('null')));
}

function initDataInHash(): string | null {
  const params = new URLSearchParams(window.location.hash.slice(1));
  return params.has('tgWebAppVersion') ? params.get('tgWebAppData') : null;
}

function boot(): void {
  const initData = initDataInHash();
  if (!initData) return void (preloadEntry(), startEntry());
  const [validated, me, status] = sendEarly(initData, [
    { method: 'POST', url: '/api/telegram/validate' },
    { method: 'GET', url: '/api/profile/me' },
    { method: 'POST', url: '/api/profile/status' },
  ]);
  preloadEntry();
  const path = window.location.pathname;
  const landing = landingAnswers(initData, status!, landingCalls(path));
  const answers = { validated: validated!, me: me!, status: status! };
  let painted: Promise<HTMLElement | null>;
  if (isExplorePath(path)) {
    // A card kept from the last visit shows only when this answer confirms it (AMENDMENTS §5.7).
    painted = paintEarlyCard({ ...answers, first: landing[0]! }, () => preloadLandingAssets(path), keptCard(initData));
  } else {
    // The chat list's first page, or the chat's info: their avatars.
    if (landing[0]) preloadAvatars(landing[0]);
    if (landing.length === 0 || !mayPaintChat(path, initData)) return void (preloadLandingAssets(path), startEntry());
    // The screen's chunks once its answers are in: on a phone's six connections they would hold those answers back.
    void Promise.allSettled(landing).then(() => preloadLandingAssets(path));
    painted = paintEarlyChat(path, answers, landing, initData);
  }
  const waited = new Promise<void>((resolve) => setTimeout(resolve, ENTRY_WAIT_MS));
  void Promise.race([painted.then(onScreen), waited]).then(startEntry, startEntry);
}

try {
  boot();
} catch {
  // Whatever went wrong here, the app still runs (and sends what start-up needs itself).
  startEntry();
}
