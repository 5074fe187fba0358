import type { EntityManager } from '@mikro-orm/postgresql';
import { query } from '../sql';

export const pairKeyOf = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** Opens the pair's chat (once: the unique pair key makes a second one impossible); returns its id. */
export async function openPairChat(em: EntityManager, a: number, b: number, now: Date): Promise<{ chatId: number; created: boolean }> {
  const inserted: Array<{ id: string }> = await query(em, 
    'INSERT INTO chats (pair_key, created_at, last_seq) VALUES (?, ?, 0) ON CONFLICT (pair_key) DO NOTHING RETURNING id',
    [pairKeyOf(a, b), now],
  );
  const created = inserted.length > 0;
  const chatId = created ? Number(inserted[0]!.id) : Number(((await query(em, 'SELECT id FROM chats WHERE pair_key = ?', [pairKeyOf(a, b)])) as Array<{ id: string }>)[0]!.id);
  await query(em, 
    'INSERT INTO chat_members (chat_id, user_id, last_read_seq, archived, joined_at) VALUES (?, ?, 0, false, ?), (?, ?, 0, false, ?) ON CONFLICT DO NOTHING',
    [chatId, a, now, chatId, b, now],
  );
  return { chatId, created };
}
