import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from 'kysely';
import { dropDatabase, ensureDatabase, withDatabase } from '../../platform/postgres/databases';
import { sqlOf } from '../../db/kysely';
import { closeOrm, migrate, openOrm } from '../../db/orm';

describe('the introductions migration (AMENDMENTS §5.1)', () => {
  it('keeps existing contacts: every swipe (both ways), match and shared chat becomes an introduction of each side', async () => {
    const server = inject('databaseServerUrl');
    const name = `intro_${randomBytes(4).toString('hex')}`;
    const url = withDatabase(server, name);
    await ensureDatabase(url);
    const orm = await openOrm({ clientUrl: url });
    try {
      await orm.migrator.up({ to: 'Migration20261127160000' });
      const db = sqlOf(orm.em.fork());
      await sql`INSERT INTO users (telegram_id, created_at) SELECT g, now() FROM generate_series(1, 7) g`.execute(db);
      // 1 liked 2, 3 disliked 4, 5 and 6 share a chat (with a match); 7 knows nobody.
      await sql`INSERT INTO likes (from_id, to_id, kind, created_at) VALUES (1, 2, 'LIKE', now()), (3, 4, 'DISLIKE', now())`.execute(db);
      await sql`INSERT INTO chats (id, pair_key, created_at, last_seq) VALUES (1, '5:6', now(), 0)`.execute(db);
      await sql`INSERT INTO chat_members (chat_id, user_id, last_read_seq, archived, joined_at) VALUES (1, 5, 0, false, now()), (1, 6, 0, false, now())`.execute(
        db,
      );
      await sql`INSERT INTO matches (user_low_id, user_high_id, matched_at, chat_id) VALUES (5, 6, now(), 1)`.execute(db);

      expect(await migrate(orm)).toContain('Migration20261129100000');
      const rows = await sqlOf(orm.em.fork()).selectFrom('introductions').select(['viewer_id', 'subject_id']).execute();
      expect(rows.map((r) => `${r.viewer_id}→${r.subject_id}`).sort()).toEqual(['1→2', '2→1', '3→4', '4→3', '5→6', '6→5']);
    } finally {
      await closeOrm(orm, true);
      await dropDatabase(server, name);
    }
  });
});
