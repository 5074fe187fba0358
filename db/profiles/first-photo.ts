import { sql, type Expression, type Kysely } from 'kysely';
import type { Database } from '../kysely';

/**
 * The image of a person's first approved photo (by position), as a subquery: `owner` is their telegram id or a
 * reference to it in the outer query (`eb.ref('x.peer')`); `one` is the limit's parameter (a compiled shape's fixed slot).
 */
export function firstApprovedPhoto(db: Kysely<Database>, owner: number | Expression<number | string | null>, one = 1) {
  return db
    .selectFrom('photos as ph')
    .select('ph.image_id')
    .where('ph.owner_telegram_id', '=', owner)
    .where('ph.status', '=', sql.lit('APPROVED' as const))
    .orderBy('ph.position')
    .limit(one);
}
