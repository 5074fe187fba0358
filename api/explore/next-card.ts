import type { EntityManager } from '@mikro-orm/postgresql';
import { nextFeedProfile } from '../../db/explore/feed.repository';
import { loadViewer } from '../../db/matching/viewer';
import { serveProfileCard } from '../../db/profiles/profile-cards';
import type { ProfileCard } from '../../contracts/profile-card';

/** The next card of the viewer's feed, or null when none is left; refused until the viewer may browse. */
export async function nextCard(
  em: EntityManager,
  viewerId: number,
  opts: { preferLikedMe: boolean; skip?: number },
): Promise<ProfileCard | null> {
  const viewer = await loadViewer(em, viewerId);
  const id = await nextFeedProfile(em, viewer, opts);
  if (id === null) return null;
  // Served means introduced (AMENDMENTS §5.1): from now on the viewer may name this person by id. Written by the
  // statement that reads the card, so done before the card is answered.
  return serveProfileCard(em, viewerId, id);
}
