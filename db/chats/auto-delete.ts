import type { EntityManager } from '@mikro-orm/postgresql';
import { AUTO_DELETE_DAYS, DEFAULT_AUTO_DELETE_PERIOD } from '../../api/contracts/privacy';
import { imagePrefix } from '../media/renditions';
import type { Storage } from '../media/storage';
import { query } from '../sql';

const DAYS_SQL = `CASE COALESCE(s.auto_delete_messages, '${DEFAULT_AUTO_DELETE_PERIOD}') ${Object.entries(AUTO_DELETE_DAYS)
  .map(([period, days]) => `WHEN '${period}' THEN ${days}`)
  .join(' ')} END`;

// The shorter period of the chat's members wins; a chat whose members are all gone keeps the default.
const DELETE_BATCH_SQL = `
  WITH periods AS (
    SELECT c.id AS chat_id, COALESCE(MIN(${DAYS_SQL}), ${AUTO_DELETE_DAYS[DEFAULT_AUTO_DELETE_PERIOD]}) AS days
      FROM chats c LEFT JOIN chat_members cm ON cm.chat_id = c.id LEFT JOIN user_settings s ON s.user_id = cm.user_id
     GROUP BY c.id
  ), doomed AS (
    SELECT m.id FROM periods p JOIN messages m ON m.chat_id = p.chat_id
     WHERE m.created_at < ?::timestamptz - make_interval(days => p.days)
     LIMIT ?
  )
  DELETE FROM messages WHERE id IN (SELECT id FROM doomed) RETURNING photo_image_id`;

/** A chat photo goes with its last message (its row and files), unless it is also a profile photo. */
async function dropOrphanPhotos(em: EntityManager, storage: Storage | undefined, imageIds: string[]): Promise<void> {
  for (const id of new Set(imageIds)) {
    const gone = await query(em, 
      `DELETE FROM images i WHERE i.id = ? AND i.kind = 'media'
          AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.photo_image_id = i.id)
          AND NOT EXISTS (SELECT 1 FROM photos p WHERE p.image_id = i.id) RETURNING i.id`,
      [id],
    );
    if (gone.length > 0) await storage?.delete(imagePrefix(id));
  }
}

/**
 * Deletes messages older than the shorter of the two members' auto-delete periods, `batchSize` rows per
 * statement until none are left. Safe to run twice or in two processes at once. Returns how many went.
 */
export async function deleteExpiredMessages(em: EntityManager, opts: { now?: Date; batchSize?: number; storage?: Storage } = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const batchSize = opts.batchSize ?? 1000;
  let total = 0;
  for (;;) {
    const rows = await query<{ photo_image_id: string | null }>(em, DELETE_BATCH_SQL, [now, batchSize]);
    total += rows.length;
    await dropOrphanPhotos(em, opts.storage, rows.flatMap((r) => (r.photo_image_id ? [r.photo_image_id] : [])));
    if (rows.length < batchSize) return total;
  }
}
