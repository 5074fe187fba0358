import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { dropDatabase, ensureDatabase, withDatabase } from '../../platform/postgres/databases';
import { closeOrm, migrate, openOrm } from '../../db/orm';

describe('the body-weight migration (AMENDMENTS §5.9)', () => {
  it('drops the column and every stored weight: queued descriptions and edits, audit entries; the rest stays', async () => {
    const server = inject('databaseServerUrl');
    const name = `weight_${randomBytes(4).toString('hex')}`;
    const url = withDatabase(server, name);
    await ensureDatabase(url);
    const orm = await openOrm({ clientUrl: url });
    const exec = (text: string, params: unknown[] = []) =>
      orm.em.fork().getConnection().execute(text, params) as Promise<Array<Record<string, unknown>>>;
    try {
      await orm.migrator.up({ to: 'Migration20261129200000' });
      await exec(`INSERT INTO users (telegram_id, created_at) VALUES (5, now())`);
      await exec(
        `INSERT INTO profiles (user_telegram_id, display_name, birth_date, city, gender, height_cm, weight_kg, active_at, created_at, updated_at)
         VALUES (5, 'Аня', '2010-01-01', 'Москва', 'BISEXUAL', 170, 62, now(), now(), now())`,
      );
      const payloads = [
        { bio: 'О себе', lookingFor: ['LOCAL'], heightCm: 170, weightKg: 62 },
        { changes: { displayName: 'Анна', weightKg: 63 }, previous: { displayName: 'Аня', weightKg: 62 } },
        { photos: ['a', 'b'] },
      ];
      for (const payload of payloads)
        await exec(`INSERT INTO moderation_items (user_id, type, payload, created_at) VALUES (5, 'PROFILE_EDIT', ?, now())`, [
          JSON.stringify(payload),
        ]);
      const audit = { before: { heightCm: 160, weightKg: 60 }, after: { heightCm: 170, weightKg: 62 } };
      await exec(
        `INSERT INTO audit_log (actor_id, action, target_type, target_id, details, at) VALUES (1, 'user.profile', 'user', '5', ?, now())`,
        [JSON.stringify(audit)],
      );

      expect(await migrate(orm)).toContain('Migration20261129400000');
      const columns = await exec(`SELECT column_name FROM information_schema.columns WHERE table_name = 'profiles'`);
      expect(columns.map((c) => c.column_name)).not.toContain('weight_kg');
      expect(columns.map((c) => c.column_name)).toContain('height_cm');
      const items = await exec(`SELECT payload FROM moderation_items ORDER BY id`);
      expect(items.map((row) => row.payload)).toEqual([
        { bio: 'О себе', lookingFor: ['LOCAL'], heightCm: 170 },
        { changes: { displayName: 'Анна' }, previous: { displayName: 'Аня' } },
        { photos: ['a', 'b'] },
      ]);
      const [entry] = await exec(`SELECT details FROM audit_log`);
      expect(entry?.details).toEqual({ before: { heightCm: 160 }, after: { heightCm: 170 } });
    } finally {
      await closeOrm(orm, true);
      await dropDatabase(server, name);
    }
  });
});
