import type { EntityManager } from '@mikro-orm/postgresql';
import type { MatchView } from '../../contracts/likes';
import { imagePath } from '../../contracts/media';
import { sqlOf } from '../kysely';
import { firstApprovedPhoto } from '../profiles/first-photo';

/** What the match view shows: both people's first photos and the peer's display name (no Telegram names). */
export async function matchViewOf(em: EntityManager, meId: number, peerId: number, chatId: number): Promise<MatchView> {
  const db = sqlOf(em);
  const row = await db
    .selectNoFrom([
      db.selectFrom('profiles as p').select('p.display_name').where('p.user_telegram_id', '=', peerId).as('peer_name'),
      firstApprovedPhoto(db, peerId).as('peer_photo'),
      firstApprovedPhoto(db, meId).as('my_photo'),
    ])
    .executeTakeFirst();
  const photo = (id: string | null | undefined) => (id ? imagePath(id, 'profile', { w: 480 }) : null);
  return {
    chatId: String(chatId),
    userId: String(peerId),
    peerName: row?.peer_name ?? null,
    peerPhotoUrl: photo(row?.peer_photo),
    myPhotoUrl: photo(row?.my_photo),
  };
}
