import type { EntityManager } from '@mikro-orm/postgresql';
import type { MatchView } from '../contracts/likes';
import { imagePath } from '../contracts/media';
import { query } from '../../db/sql';

const FIRST_PHOTO = `(SELECT ph.image_id FROM photos ph WHERE ph.owner_telegram_id = ? AND ph.status = 'APPROVED' ORDER BY ph.position LIMIT 1)`;

/** What the match view shows: both people's first photos and the peer's display name (no Telegram names). */
export async function matchViewOf(em: EntityManager, meId: number, peerId: number, chatId: number): Promise<MatchView> {
  const [row] = await query<{ peer_name: string | null; peer_photo: string | null; my_photo: string | null }>(em,
    `SELECT (SELECT p.display_name FROM profiles p WHERE p.user_telegram_id = ?) AS peer_name, ${FIRST_PHOTO} AS peer_photo, ${FIRST_PHOTO} AS my_photo`,
    [peerId, peerId, meId],
  );
  const photo = (id: string | null | undefined) => (id ? imagePath(id, 'profile', { w: 480 }) : null);
  return { chatId: String(chatId), userId: String(peerId), peerName: row?.peer_name ?? null, peerPhotoUrl: photo(row?.peer_photo), myPhotoUrl: photo(row?.my_photo) };
}
