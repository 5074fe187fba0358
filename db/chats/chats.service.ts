import type { EntityManager } from '@mikro-orm/postgresql';
import { bothWays, recordIntroductions } from '../introductions/introductions';
import { sqlOf } from '../kysely';

export const pairKeyOf = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** Opens the pair's chat (once: the unique pair key makes a second one impossible); returns its id. */
export async function openPairChat(em: EntityManager, a: number, b: number, now: Date): Promise<{ chatId: number; created: boolean }> {
  const db = sqlOf(em);
  const pairKey = pairKeyOf(a, b);
  const inserted = await db
    .insertInto('chats')
    .values({ pair_key: pairKey, created_at: now, last_seq: 0 })
    .onConflict((oc) => oc.column('pair_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  const created = inserted !== undefined;
  // bigint ids arrive from the driver as strings.
  const chatId = Number(
    (inserted ?? (await db.selectFrom('chats').select('id').where('pair_key', '=', pairKey).executeTakeFirstOrThrow())).id,
  );
  await db
    .insertInto('chat_members')
    .values([
      { chat_id: chatId, user_id: a, last_read_seq: 0, archived: false, joined_at: now },
      { chat_id: chatId, user_id: b, last_read_seq: 0, archived: false, joined_at: now },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
  await recordIntroductions(em, bothWays(a, b), now);
  return { chatId, created };
}
