// The landing screen's chunks and stylesheets, named by the build (scripts/inline-boot.ts): asked for by the page
// itself on a launch into explore, the chat list or a chat, not after start-up's answers; the route's own import then
// finds them loaded.
import { isExplorePath } from '../lib/explore-path';

type Assets = { js: string[]; css: string[] };
declare const __LANDING_ASSETS__: Record<'explore' | 'chatList' | 'chat', Assets>;
declare const __ENTRY_PRELOADS__: string[];
declare const __STARTUP_PRELOADS__: string[];
declare const __ENTRY__: string | null;

function assetsFor(path: string): Assets {
  if (typeof __LANDING_ASSETS__ === 'undefined') return { js: [], css: [] };
  if (isExplorePath(path)) return __LANDING_ASSETS__.explore;
  if (path === '/chat') return __LANDING_ASSETS__.chatList;
  if (path.startsWith('/messages/')) return __LANDING_ASSETS__.chat;
  return { js: [], css: [] };
}

function link(rel: string, href: string): HTMLLinkElement {
  const element = document.createElement('link');
  element.rel = rel;
  element.href = href;
  document.head.append(element);
  return element;
}

/** Preloads the chunks and applies the stylesheets of `path`'s screen; resolves once the stylesheets are in (or failed). */
export function preloadLandingAssets(path: string): Promise<void> {
  const assets = assetsFor(path);
  for (const href of assets.js) link('modulepreload', href);
  const sheets = assets.css.map(
    (href) =>
      new Promise<void>((resolve) => {
        const sheet = link('stylesheet', href);
        sheet.onload = sheet.onerror = () => resolve();
      }),
  );
  return Promise.all(sheets).then(() => undefined);
}

/**
 * The app's entry and its chunks (the built page names none of them): asked for once start-up's calls have left, and
 * fetched and compiled, not yet run (startEntry runs it).
 */
export function preloadEntry(): void {
  if (typeof __ENTRY__ !== 'undefined' && __ENTRY__) link('modulepreload', __ENTRY__);
  if (typeof __ENTRY_PRELOADS__ === 'undefined') return;
  for (const href of __ENTRY_PRELOADS__) link('modulepreload', href);
}

let started = false;

/**
 * Runs the app: its entry as the page's module script (the built page leaves it to this script); once, and not
 * before the page is parsed, as a module script the page named would (the page's configuration is read by then).
 */
export function startEntry(): void {
  if (started || typeof __ENTRY__ === 'undefined' || !__ENTRY__) return;
  started = true;
  // What start-up imports beside the entry (the SDK, its answers' schemas, the frame): asked for as the entry starts.
  if (typeof __STARTUP_PRELOADS__ !== 'undefined') for (const href of __STARTUP_PRELOADS__) link('modulepreload', href);
  const src = __ENTRY__;
  const run = () => {
    const script = document.createElement('script');
    script.type = 'module';
    script.src = src;
    document.head.append(script);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true });
  else run();
}
