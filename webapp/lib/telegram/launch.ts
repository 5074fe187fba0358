import { sdk } from './sdk';

export type Launch =
  { kind: 'outside' } | { kind: 'no-init-data' } | { kind: 'telegram'; initData: string; startParam: string | null; platform: string };

const COPY_KEY = 'launch-params';

/** The SDK's retrieval (URL hash, navigation entry, its session copy; once the SDK has loaded); validated strictly by the SDK. */
function fromSdk(): string | null {
  try {
    return sdk()?.retrieveRawLaunchParams() ?? null;
  } catch {
    return null;
  }
}

/** The URL hash Telegram opened the page with, or this tab's copy of it; lenient: older clients send no `signature`. */
function fromHash(): string | null {
  const hash = window.location.hash.slice(1);
  if (new URLSearchParams(hash).has('tgWebAppVersion')) {
    sessionStorage.setItem(COPY_KEY, hash);
    return hash;
  }
  return sessionStorage.getItem(COPY_KEY);
}

/**
 * Launch parameters as Telegram passes them; none at all means the page was opened outside Telegram. The URL's own
 * (or this tab's copy of them) first: the SDK's retrieval parses them with its schema, a few milliseconds of a
 * phone's start-up, and is asked only when the page has none (it also looks at the navigation entry).
 */
export function readLaunch(): Launch {
  return launchFrom(fromHash() ?? fromSdk());
}

/** The launch as the URL carries it, without the SDK's checks: enough to send the start-up calls early. */
export function readLaunchQuickly(): Launch {
  return launchFrom(fromHash());
}

function launchFrom(raw: string | null): Launch {
  if (raw === null) return { kind: 'outside' };
  const params = new URLSearchParams(raw);
  const initData = params.get('tgWebAppData');
  if (!initData) return { kind: 'no-init-data' };
  const startParam = params.get('tgWebAppStartParam') ?? new URLSearchParams(initData).get('start_param');
  return { kind: 'telegram', initData, startParam, platform: params.get('tgWebAppPlatform') ?? 'unknown' };
}
