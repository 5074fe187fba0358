import { migrate, closeOrm, openOrm } from '../../db/orm';
import { query } from '../../db/sql';

export interface LoadPair {
  a: number;
  b: number;
  chatId: number;
}

const FIRST_ID = 910_000_000;

/** Migrates the database and writes `count` approved 17-year-old pairs with a chat each (bulk SQL). */
export async function seedPairs(databaseUrl: string, count: number): Promise<LoadPair[]> {
  const orm = await openOrm({ clientUrl: databaseUrl, poolMax: 2 });
  try {
    await migrate(orm);
    const em = orm.em.fork();
    const last = FIRST_ID + count * 2 - 1;
    const birth = new Date(Date.UTC(new Date().getUTCFullYear() - 17, 0, 15)).toISOString().slice(0, 10);
    await query(em, `INSERT INTO users (telegram_id, first_name, is_premium, role, is_banned, created_at) SELECT g, 'Нагрузка', false, 'USER', false, now() FROM generate_series(?::bigint, ?::bigint) g`, [FIRST_ID, last]);
    await query(em, 
      `INSERT INTO profiles (user_telegram_id, display_name, birth_date, city, gender, initial_moderation_status, description_moderation_status, created_at, updated_at, active_at)
       SELECT g, 'Нагрузка', ?::date, 'Москва', 'QUEER', 'APPROVED', 'APPROVED', now(), now(), now() FROM generate_series(?::bigint, ?::bigint) g`,
      [birth, FIRST_ID, last],
    );
    const chats = await query<{ id: string; a: string; b: string }>(em, 
      `INSERT INTO chats (pair_key, created_at, last_seq)
       SELECT (?::bigint + 2 * i) || ':' || (?::bigint + 2 * i + 1), now(), 0 FROM generate_series(0, ?::int - 1) i
       RETURNING id, split_part(pair_key, ':', 1) AS a, split_part(pair_key, ':', 2) AS b`,
      [FIRST_ID, FIRST_ID, count],
    );
    await query(em, 
      `INSERT INTO chat_members (chat_id, user_id, last_read_seq, archived, joined_at)
       SELECT c.id, split_part(c.pair_key, ':', k)::bigint, 0, false, now() FROM chats c, generate_series(1, 2) k`,
    );
    return chats.map((c) => ({ a: Number(c.a), b: Number(c.b), chatId: Number(c.id) })).sort((x, y) => x.a - y.a);
  } finally {
    await closeOrm(orm, true);
  }
}
