import { sql, type Kysely } from 'kysely';
import { sqlOf, type Database } from '../../db/kysely';
import { migrate, closeOrm, openOrm } from '../../db/orm';

export interface LoadPair {
  a: number;
  b: number;
  chatId: number;
}

const FIRST_ID = 910_000_000;

/** Telegram ids `from`..`to` as a table `g` with one column `g` (a set-returning function: no builder form). */
const idSeries = (from: number, to: number) => sql<{ g: number }>`generate_series(${from}::bigint, ${to}::bigint)`.as('g');

/** As openPairChat: the two members of each chat of users `from`..`to` are introduced to each other (AMENDMENTS §5.1). */
async function introduceChatMembers(db: Kysely<Database>, from: number, to: number): Promise<void> {
  await db
    .insertInto('introductions')
    .columns(['viewer_id', 'subject_id', 'created_at'])
    .expression(
      db
        .selectFrom('chat_members as m')
        .innerJoin('chat_members as p', (j) => j.onRef('p.chat_id', '=', 'm.chat_id').onRef('p.user_id', '<>', 'm.user_id'))
        .select(['m.user_id', 'p.user_id as subject_id', sql<Date>`now()`.as('created_at')])
        .where('m.user_id', '>=', from)
        .where('m.user_id', '<=', to),
    )
    .execute();
}

/** Migrates the database and writes `count` approved 17-year-old pairs with a chat each (bulk INSERT … SELECT). */
export async function seedPairs(databaseUrl: string, count: number): Promise<LoadPair[]> {
  const orm = await openOrm({ clientUrl: databaseUrl, poolMax: 2 });
  try {
    await migrate(orm);
    const db = sqlOf(orm.em.fork());
    const last = FIRST_ID + count * 2 - 1;
    const birth = new Date(Date.UTC(new Date().getUTCFullYear() - 17, 0, 15)).toISOString().slice(0, 10);
    const now = sql<Date>`now()`;
    await db
      .insertInto('users')
      .columns(['telegram_id', 'first_name', 'is_premium', 'role', 'is_banned', 'created_at'])
      .expression(
        db
          .selectFrom(idSeries(FIRST_ID, last))
          .select([
            'g.g',
            sql.lit('Нагрузка').as('first_name'),
            sql.lit(false).as('is_premium'),
            sql.lit('USER').as('role'),
            sql.lit(false).as('is_banned'),
            now.as('created_at'),
          ]),
      )
      .execute();
    await db
      .insertInto('profiles')
      .columns([
        'user_telegram_id',
        'display_name',
        'birth_date',
        'city',
        'gender',
        'initial_moderation_status',
        'description_moderation_status',
        'created_at',
        'updated_at',
        'active_at',
      ])
      .expression(
        db
          .selectFrom(idSeries(FIRST_ID, last))
          .select([
            'g.g',
            sql.lit('Нагрузка').as('display_name'),
            sql<string>`${birth}::date`.as('birth_date'),
            sql.lit('Москва').as('city'),
            sql.lit('QUEER').as('gender'),
            sql.lit('APPROVED').as('initial_moderation_status'),
            sql.lit('APPROVED').as('description_moderation_status'),
            now.as('created_at'),
            now.as('updated_at'),
            now.as('active_at'),
          ]),
      )
      .execute();
    // Pair i is FIRST_ID + 2i and FIRST_ID + 2i + 1.
    const chats = await db
      .insertInto('chats')
      .columns(['pair_key', 'created_at', 'last_seq'])
      .expression(
        db
          .selectFrom(sql<{ i: number }>`generate_series(0, ${count}::int - 1)`.as('i'))
          .select([
            sql<string>`(${FIRST_ID}::bigint + 2 * i) || ':' || (${FIRST_ID}::bigint + 2 * i + 1)`.as('pair_key'),
            now.as('created_at'),
            sql.lit(0).as('last_seq'),
          ]),
      )
      .returning(['id', sql<string>`split_part(pair_key, ':', 1)`.as('a'), sql<string>`split_part(pair_key, ':', 2)`.as('b')])
      .execute();
    await db
      .insertInto('chat_members')
      .columns(['chat_id', 'user_id', 'last_read_seq', 'archived', 'joined_at'])
      .expression(
        db
          .selectFrom(['chats as c', sql<{ k: number }>`generate_series(1, 2)`.as('k')])
          .select([
            'c.id',
            sql<number>`split_part(c.pair_key, ':', k)::bigint`.as('user_id'),
            sql.lit(0).as('last_read_seq'),
            sql.lit(false).as('archived'),
            now.as('joined_at'),
          ]),
      )
      .execute();
    await introduceChatMembers(db, FIRST_ID, last);
    // Bigints come back as text: Number() either way.
    return chats.map((c) => ({ a: Number(c.a), b: Number(c.b), chatId: Number(c.id) })).sort((x, y) => x.a - y.a);
  } finally {
    await closeOrm(orm, true);
  }
}
