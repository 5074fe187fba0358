type Sdk = typeof import('./sdk-parts');

let loaded: Sdk | null = null;
let loading: Promise<Sdk> | null = null;

/**
 * The Telegram SDK, loaded beside the entry rather than in it (the page's inline script preloads its chunk); start-up
 * awaits it before it talks to Telegram.
 */
export function loadSdk(): Promise<Sdk> {
  loading ??= import('./sdk-parts').then((sdk) => (loaded = sdk));
  return loading;
}

/** The SDK once loaded, else null: before that nothing of Telegram's is mounted, as in a plain browser tab. */
export function sdk(): Sdk | null {
  return loaded;
}
