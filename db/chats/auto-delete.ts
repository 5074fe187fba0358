import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { AUTO_DELETE_DAYS, DEFAULT_AUTO_DELETE_PERIOD } from '../../contracts/privacy';
import type { Storage } from '../media/storage';
import { sqlOf } from '../kysely';
import { withdrawPhotos } from './withdrawn-photos';

// A member's period in days (the default without settings): a CASE over the known periods.
const DAYS = sql<number>`CASE COALESCE(${sql.ref('s.auto_delete_messages')}, ${sql.lit(DEFAULT_AUTO_DELETE_PERIOD)}) ${sql.join(
  Object.entries(AUTO_DELETE_DAYS).map(([period, days]) => sql`WHEN ${sql.lit(period)} THEN ${sql.lit(days)}`),
  sql` `,
)} END`;

// The shorter period of the chat's members wins; a chat whose members are all gone keeps the default.
const deleteBatch = (em: EntityManager, now: Date, batchSize: number) =>
  sqlOf(em)
    .with('periods', (db) =>
      db
        .selectFrom('chats as c')
        .leftJoin('chat_members as cm', 'cm.chat_id', 'c.id')
        .leftJoin('user_settings as s', 's.user_id', 'cm.user_id')
        .select((eb) => [
          'c.id as chat_id',
          eb.fn.coalesce(eb.fn.min(DAYS), sql.lit(AUTO_DELETE_DAYS[DEFAULT_AUTO_DELETE_PERIOD])).as('days'),
        ])
        .groupBy('c.id'),
    )
    .with('doomed', (db) =>
      db
        .selectFrom('periods as p')
        .innerJoin('messages as m', 'm.chat_id', 'p.chat_id')
        .select('m.id')
        .where('m.created_at', '<', sql<Date>`${now}::timestamptz - make_interval(days => ${sql.ref('p.days')})`)
        .limit(batchSize),
    )
    .deleteFrom('messages')
    .where('id', 'in', (eb) => eb.selectFrom('doomed').select('doomed.id'))
    .returning('photo_image_id')
    .execute();

/**
 * Deletes messages older than the shorter of the two members' auto-delete periods, `batchSize` rows per
 * statement until none are left. Their photos go with them, unless something else shows them; one an open report
 * holds is kept for staff until the report is decided (withdrawPhotos). Safe to run twice or in two processes at once. Returns how many went.
 */
export async function deleteExpiredMessages(
  em: EntityManager,
  opts: { now?: Date; batchSize?: number; storage?: Storage } = {},
): Promise<number> {
  const now = opts.now ?? new Date();
  const batchSize = opts.batchSize ?? 1000;
  let total = 0;
  for (;;) {
    const rows = await deleteBatch(em, now, batchSize);
    total += rows.length;
    await withdrawPhotos(
      em,
      opts.storage,
      rows.flatMap((r) => (r.photo_image_id ? [r.photo_image_id] : [])),
    );
    if (rows.length < batchSize) return total;
  }
}
