// Imported first by main.tsx and kept in a chunk of its own: start-up's calls (and the explore screen's first card)
// leave before zod, React and the SDK are evaluated; start-calls.ts then takes their answers through the API client.
import { sendEarly, type EarlyCall } from '../../lib/api/early-requests';

// No imports here: the account's id and browse-mark.ts's entry ('explore.mayBrowse@<id>') are read by hand.
function mayBrowse(initData: string): boolean {
  try {
    const user = JSON.parse(new URLSearchParams(initData).get('user') ?? 'null') as { id?: unknown } | null;
    return typeof user?.id === 'number' && localStorage.getItem(`explore.mayBrowse@${user.id}`) === '1';
  } catch {
    return false;
  }
}

function initDataInHash(): string | null {
  const params = new URLSearchParams(window.location.hash.slice(1));
  return params.has('tgWebAppVersion') ? params.get('tgWebAppData') : null;
}

const initData = initDataInHash();
if (initData) {
  const calls: EarlyCall[] = [
    { method: 'POST', url: '/api/telegram/validate' },
    { method: 'GET', url: '/api/profile/me' },
    { method: 'POST', url: '/api/profile/status' },
  ];
  const path = window.location.pathname;
  // The explore screen's first card, only for an account that could browse last time (a new one would be refused);
  // a card kept from the last visit shows only when this answer confirms it (first-card.ts).
  if ((path === '/' || path === '/explore') && mayBrowse(initData)) calls.push({ method: 'GET', url: '/api/explore/first' });
  sendEarly(initData, calls);
}
