import type { EntityManager } from '@mikro-orm/postgresql';
import { nextFeedCard } from '../../db/explore/feed.repository';
import { loadViewer, sameViewer, type Viewer } from '../../db/matching/viewer';
import type { ProfileCard } from '../../contracts/profile-card';

/** A card (null: none left) and the viewer's facts it was found with, for the caller's next call (`known`). */
export interface NextCard {
  card: ProfileCard | null;
  viewer: Viewer;
}

/**
 * The next card of the viewer's feed, or null when none is left; refused until the viewer may browse. Served means
 * introduced (AMENDMENTS §5.1): from now on the viewer may name this person by id. Written by the statement that
 * finds and reads the card, so done before the card is answered.
 *
 * `known`: the viewer's facts from the caller's last call (the explore socket keeps them): the walks then run without
 * reading the viewer's row first, each only while the row is still as known (nextFeedCard), so a card is one statement
 * (issue 42). When they find no one, the row is read: a viewer who may no longer browse is refused, one whose facts
 * changed is walked again with the new ones.
 */
export async function nextCard(
  em: EntityManager,
  viewerId: number,
  opts: { preferLikedMe: boolean; skip?: number; known?: Viewer },
): Promise<NextCard> {
  const known = opts.known?.telegramId === viewerId ? opts.known : undefined;
  if (known) {
    const card = await nextFeedCard(em, known, opts);
    if (card) return { card, viewer: known };
  }
  const viewer = await loadViewer(em, viewerId);
  if (known && sameViewer(known, viewer)) return { card: null, viewer };
  return { card: await nextFeedCard(em, viewer, opts), viewer };
}
