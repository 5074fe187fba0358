import type { Orm } from '../orm';
import { query } from '../sql';

// Longer than any conversation waits for an answer; older states are left behind and forgotten.
const KEEP = "interval '1 day'";

/** The stored state under `key`, unless it is older than a day. */
export async function readConversationState(orm: Orm, key: string): Promise<unknown> {
  const [row] = await query<{ state: unknown }>(orm.em.fork(), `SELECT state FROM bot_conversations WHERE key = ? AND updated_at > now() - ${KEEP}`, [key]);
  return row?.state;
}

/** Stores the state under `key`; states left behind by others are dropped on the way. */
export async function writeConversationState(orm: Orm, key: string, state: unknown): Promise<void> {
  const em = orm.em.fork();
  await query(em, `INSERT INTO bot_conversations (key, state, updated_at) VALUES (?, ?::jsonb, now()) ON CONFLICT (key) DO UPDATE SET state = EXCLUDED.state, updated_at = now()`, [key, JSON.stringify(state)]);
  await query(em, `DELETE FROM bot_conversations WHERE updated_at < now() - ${KEEP}`);
}

export async function deleteConversationState(orm: Orm, key: string): Promise<void> {
  await query(orm.em.fork(), 'DELETE FROM bot_conversations WHERE key = ?', [key]);
}
