// The page's inline script (built and inlined by scripts/inline-boot.ts, run under the page's CSP nonce): start-up's
// calls leave as soon as the HTML is parsed, not after the app's chunks have arrived; the API client takes their
// answers (early-requests.ts). The landing screen's chunks are asked for at once, and for a launch into explore the
// first card is painted from plain DOM when the server's answers allow it (early-card.ts).
import { sendEarly } from '../lib/api/early-requests';
import { MAY_BROWSE_KEY } from '../lib/browse-mark-key';
import { accountKeyOf } from '../lib/device-storage';
import { KEPT_CARD_NAME } from '../lib/kept-card-key';
import { isExplorePath } from '../lib/explore-path';
import { paintEarlyCard } from './early-card';
import { statusAllowsBrowsing } from './early-card-rule';
import { preloadLandingAssets } from './landing-assets';

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
 * The first card: asked for at once when this account could browse here last time, else only once the status
 * allows one (a new user's first launch never asks for a card it may not have).
 */
function firstCard(initData: string, status: Promise<Response>): Promise<Response> {
  const ask = () => sendEarly(initData, [{ method: 'GET', url: '/api/explore/first' }])[0]!;
  if (mayBrowseHere(initData)) return ask();
  return status.then(async (answer) => {
    const body: unknown = answer.ok
      ? await answer
          .clone()
          .json()
          .catch(() => null)
      : null;
    return statusAllowsBrowsing(body) ? ask() : new Response('null');
  });
}

function initDataInHash(): string | null {
  const params = new URLSearchParams(window.location.hash.slice(1));
  return params.has('tgWebAppVersion') ? params.get('tgWebAppData') : null;
}

const initData = initDataInHash();
if (initData) {
  const [validated, me, status] = sendEarly(initData, [
    { method: 'POST', url: '/api/telegram/validate' },
    { method: 'GET', url: '/api/profile/me' },
    { method: 'POST', url: '/api/profile/status' },
  ]);
  const styled = preloadLandingAssets(window.location.pathname);
  if (isExplorePath(window.location.pathname)) {
    // A card kept from the last visit shows only when this answer confirms it (AMENDMENTS §5.7).
    const first = firstCard(initData, status!);
    void paintEarlyCard({ validated: validated!, me: me!, status: status!, first }, styled, keptCard(initData));
  }
}
