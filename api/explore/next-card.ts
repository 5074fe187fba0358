import type { EntityManager } from '@mikro-orm/postgresql';
import { nextFeedCard } from '../../db/explore/feed.repository';
import { loadViewer } from '../../db/matching/viewer';
import type { ProfileCard } from '../../contracts/profile-card';

/**
 * The next card of the viewer's feed, or null when none is left; refused until the viewer may browse. Served means
 * introduced (AMENDMENTS §5.1): from now on the viewer may name this person by id. Written by the statement that
 * finds and reads the card, so done before the card is answered.
 */
export async function nextCard(
  em: EntityManager,
  viewerId: number,
  opts: { preferLikedMe: boolean; skip?: number },
): Promise<ProfileCard | null> {
  return nextFeedCard(em, await loadViewer(em, viewerId), opts);
}
