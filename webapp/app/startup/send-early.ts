// Imported first by main.tsx and kept in a chunk of its own: start-up's calls (and the explore screen's first card)
// leave before zod, React and the SDK are evaluated; start-calls.ts then takes their answers through the API client.
import { sendEarly, type EarlyCall } from '../../lib/api/early-requests';

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
  // The explore screen's first card: a card kept from the last visit shows only when this answer confirms it (first-card.ts).
  if (path === '/' || path === '/explore') calls.push({ method: 'GET', url: '/api/explore/first' });
  sendEarly(initData, calls);
}
