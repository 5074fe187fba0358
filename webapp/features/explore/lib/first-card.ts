import { apiGet } from '../../../lib/api/api-client';
import type { ExploreState } from './explore-state';
import { clearPersistedCard, loadPersistedCard } from './persisted-card';
import { preloadCardPhoto } from './preload-photo';

export interface EarlyCard {
  /** The answer once it came; null while on its way or when it failed (the screen then asks over its socket). */
  state: ExploreState | null;
  settled: Promise<ExploreState | null>;
}

let early: EarlyCard | null = null;

/**
 * Asks for the first card over HTTP alongside start-up's calls (the server answers it only to users who may
 * browse), and fetches its photo as soon as it is known. A card kept from the last visit is never shown on its own
 * word (AMENDMENTS §5.7): its photo is fetched meanwhile, and the card stays kept only when the answer is that person.
 */
export function prefetchFirstCard(): void {
  if (early) return;
  const keeping = loadPersistedCard();
  void keeping.then((kept) => kept && preloadCardPhoto(kept));
  const entry: EarlyCard = { state: null, settled: Promise.resolve(null) };
  const schema = () => import('../../../../contracts/explore').then((m) => m.firstCardResponseSchema);
  entry.settled = Promise.all([apiGet('/explore/first', { schema }), keeping]).then(
    ([{ card }, kept]): ExploreState => {
      if (kept && card?.userId !== kept.userId) clearPersistedCard();
      if (card) void preloadCardPhoto(card);
      entry.state = card ? { phase: 'card', card } : { phase: 'empty' };
      return entry.state;
    },
    () => null,
  );
  early = entry;
}

/** The early request for the explore screen to take over, once. */
export function takeFirstCard(): EarlyCard | null {
  const entry = early;
  early = null;
  return entry;
}

/** Start-up led elsewhere: the answer is not kept for a later visit to the screen. */
export function releaseFirstCard(): void {
  early = null;
}
