// The screens a launch most often lands on, as loaders shared with the route table: start-up asks for the one the
// launch URL names while initData is being checked, so its chunk is not fetched only after the gate has gone.
import { prefetchFirstCard, releaseFirstCard } from '../features/explore/lib/first-card';
import { takeOverEarlyCard } from '../lib/early-card-handoff';
import { isExplorePath as isExplore } from '../lib/explore-path';
import { screenLoader } from '../lib/react/lazy-screen';
import { mayBrowseHere } from './startup/browse-mark';

export const loadExploreScreen = screenLoader(() => import('../features/explore/components/explore-screen'));
export const loadChatListScreen = screenLoader(() => import('../features/chat/components/chat-list-screen'));
export const loadChatScreen = screenLoader(() => import('../features/chat/components/chat-screen'));
// The frame every screen is drawn in (tab bar, banners, live counters): needed once start-up lets the app in, not before.
export const loadAppFrame = screenLoader(() => import('./layouts/app-frame').then((module) => ({ default: module.AppFrame })));

function loaderFor(path: string): (() => Promise<unknown>) | null {
  if (isExplore(path)) return loadExploreScreen;
  if (path === '/chat') return loadChatListScreen;
  if (path.startsWith('/messages/')) return loadChatScreen;
  return null;
}

/**
 * At launch: for the explore screen its first card (only when this account could browse last time), and the
 * landing screen's chunk. A failed preload is retried by the route itself.
 */
export function preloadLanding(path: string): void {
  // The card first: the chunk's dozen files would otherwise hold the browser's few connections ahead of it.
  if (isExplore(path) && mayBrowseHere()) prefetchFirstCard();
  void loaderFor(path)?.().catch(() => undefined);
  void loadAppFrame().catch(() => undefined);
}

/** Start-up ended elsewhere than the app (a gate, an error, onboarding): the early card request is dropped. */
export function dropLanding(): void {
  releaseFirstCard();
  takeOverEarlyCard();
}
