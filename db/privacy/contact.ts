import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlOf } from '../kysely';

/**
 * Whether `me` has come across `target` in the app: the product introduced them (feed, a like received, a shared
 * chat: AMENDMENTS §5.1), or `me` blocked them. Reports and blocks need it, so they cannot probe who uses the app.
 */
export async function hasContact(em: EntityManager, me: number, target: number): Promise<boolean> {
  const row = await sqlOf(em)
    .selectNoFrom((eb) =>
      eb
        .or([
          eb.exists(eb.selectFrom('introductions').select('viewer_id').where('viewer_id', '=', me).where('subject_id', '=', target)),
          eb.exists(eb.selectFrom('blocks').select('blocker_id').where('blocker_id', '=', me).where('blocked_id', '=', target)),
        ])
        .as('contact'),
    )
    .executeTakeFirst();
  return row?.contact === true;
}
