import { sql } from 'kysely';
import { sqlOf } from '../kysely';
import type { Orm } from '../orm';

// Longer than any conversation waits for an answer; older states are left behind and forgotten.
const KEEP = sql<Date>`now() - interval '1 day'`;

/** The stored state under `key`, unless it is older than a day. */
export async function readConversationState(orm: Orm, key: string): Promise<unknown> {
  const row = await sqlOf(orm.em.fork())
    .selectFrom('bot_conversations')
    .select('state')
    .where('key', '=', key)
    .where('updated_at', '>', KEEP)
    .executeTakeFirst();
  return row?.state;
}

/** Stores the state under `key`; states left behind by others are dropped on the way. */
export async function writeConversationState(orm: Orm, key: string, state: unknown): Promise<void> {
  const db = sqlOf(orm.em.fork());
  // As JSON text cast to jsonb: the driver would turn an array into a Postgres array.
  const json = sql<Record<string, unknown>>`${JSON.stringify(state)}::jsonb`;
  await db
    .insertInto('bot_conversations')
    .values({ key, state: json, updated_at: sql`now()` })
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ state: eb.ref('excluded.state'), updated_at: sql`now()` })))
    .execute();
  await db.deleteFrom('bot_conversations').where('updated_at', '<', KEEP).execute();
}

export async function deleteConversationState(orm: Orm, key: string): Promise<void> {
  await sqlOf(orm.em.fork()).deleteFrom('bot_conversations').where('key', '=', key).execute();
}
