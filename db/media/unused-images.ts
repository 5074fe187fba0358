import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type ExpressionBuilder } from 'kysely';
import { enqueueImageFilesRemoval } from '../jobs/delete-image-files.job';
import { sqlOf, type Database } from '../kysely';

/**
 * True for an images row `i` nothing refers to: no profile photo, pending moderation item (its queued or
 * previous photos), chat message, open report of a message (its photo is evidence until decided), sticker or custom avatar. Items,
 * reports and avatars refer only to their user's own images (own-photos.ts, avatar.service.ts), hence the owner.
 */
function unused(eb: ExpressionBuilder<Database & { i: Database['images'] }, 'i'>) {
  return eb.and([
    eb.not(eb.exists(eb.selectFrom('photos as p').select('p.image_id').whereRef('p.image_id', '=', 'i.id'))),
    eb.not(eb.exists(eb.selectFrom('messages as m').select('m.id').whereRef('m.photo_image_id', '=', 'i.id'))),
    eb.not(
      eb.exists(
        eb
          .selectFrom('moderation_items as mi')
          .select('mi.id')
          .whereRef('mi.user_id', '=', 'i.owner_telegram_id')
          .where('mi.status', '=', 'PENDING')
          // jsonb containment has no builder form; parenthesised, the OR stays inside.
          .where(sql<boolean>`(mi.payload -> 'photos' @> to_jsonb(i.id) OR mi.payload -> 'previous' @> to_jsonb(i.id))`),
      ),
    ),
    eb.not(
      eb.exists(
        eb
          .selectFrom('reports as r')
          .select('r.id')
          .whereRef('r.reported_user_id', '=', 'i.owner_telegram_id')
          .where('r.status', '=', 'PENDING')
          .where(sql<boolean>`r.context ->> 'photoImageId' = i.id`),
      ),
    ),
    eb.not(
      eb.exists(
        eb
          .selectFrom('users as u')
          .select('u.telegram_id')
          .whereRef('u.telegram_id', '=', 'i.owner_telegram_id')
          .where('u.custom_photo_url', 'like', sql<string>`'%/cdn/images/' || i.id || '/%'`),
      ),
    ),
    eb('i.id', 'not in', eb.selectFrom('stickers as s').select('s.image_id')),
  ]);
}

/**
 * Deletes the rows of those of `ids` nothing refers to any more and queues the removal of their files, in the
 * caller's transaction (so the files go only once the rows are gone for good). Pending ORM changes are flushed
 * first, so the check sees them. Answers the ids deleted.
 */
export async function dropUnusedImages(tx: EntityManager, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  await tx.flush();
  const rows = await sqlOf(tx).deleteFrom('images as i').where('i.id', 'in', ids).where(unused).returning('i.id').execute();
  const gone = rows.map((r) => r.id);
  await enqueueImageFilesRemoval(tx, gone);
  return gone;
}

/**
 * Deletes up to `batchSize` images created before `olderThan` that nothing refers to (an upload never used, a
 * queued photo replaced by a newer edit) and queues their files' removal, in one transaction. Rows another
 * transaction holds (one that is about to refer to them) are skipped. Answers how many went.
 */
export async function dropUnusedUploads(em: EntityManager, olderThan: Date, batchSize: number): Promise<number> {
  return em.transactional(async (tx) => {
    const rows = await sqlOf(tx)
      .with('doomed', (db) =>
        db
          .selectFrom('images as i')
          .select('i.id')
          .where('i.created_at', '<', olderThan)
          .where(unused)
          .orderBy('i.created_at')
          .limit(batchSize)
          .forUpdate()
          .skipLocked(),
      )
      .deleteFrom('images')
      .where('id', 'in', (db) => db.selectFrom('doomed').select('doomed.id'))
      .returning('id')
      .execute();
    await enqueueImageFilesRemoval(
      tx,
      rows.map((r) => r.id),
    );
    return rows.length;
  });
}
