type Sdk = typeof import('./sdk-parts');

let loaded: Sdk | null = null;
let loading: Promise<Sdk> | null = null;

/**
 * The Telegram SDK, loaded beside the entry rather than in it (the page's inline script preloads its chunk); start-up
 * connects to Telegram when it arrives, without holding the first screen for it (app/startup/connect-telegram.ts).
 */
export function loadSdk(): Promise<Sdk> {
  loading ??= import('./sdk-parts').then((sdk) => (loaded = sdk));
  return loading;
}

/** The SDK once loaded, else null: before that nothing of Telegram's is mounted, as in a plain browser tab. */
export function sdk(): Sdk | null {
  return loaded;
}

// Whether the app is connected to the Telegram client (here, not in a module of its own: one chunk fewer at start-up).
let connected = false;
const listeners = new Set<() => void>();

export const isConnectedToTelegram = (): boolean => connected;

/**
 * Calls `listener` when the app connects to Telegram: the SDK may arrive after screens have taken the MainButton,
 * the BackButton or a setting, and each re-applies what it holds then. Returns the unsubscribe.
 */
export function onTelegramConnected(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called once by lib/telegram/telegram-sdk.ts when the SDK is initialised and Telegram's parts are mounted. */
export function markTelegramConnected(): void {
  if (connected) return;
  connected = true;
  listeners.forEach((listener) => listener());
}
