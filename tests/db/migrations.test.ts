import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { dropDatabase, ensureDatabase, withDatabase } from '../../platform/postgres/databases';
import { migrate, closeOrm, openOrm } from '../../db/orm';
import { migrationsList } from '../../db/migrations/list';

describe('migrations', () => {
  it('apply to an empty database and leave nothing for the schema diff', async () => {
    const server = inject('databaseServerUrl');
    const name = `empty_${randomBytes(4).toString('hex')}`;
    const url = withDatabase(server, name);
    await ensureDatabase(url);
    const orm = await openOrm({ clientUrl: url });
    try {
      const applied = await migrate(orm);
      expect(applied).toEqual(migrationsList.map((m) => m.name));
      const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false });
      expect(diff.trim()).toBe('');
      expect(await migrate(orm)).toEqual([]);
    } finally {
      await closeOrm(orm, true);
      await dropDatabase(server, name);
    }
  });

  it('deletes the audit entries that kept the text of messages edited in the database browser, and only those', async () => {
    const server = inject('databaseServerUrl');
    const name = `audit_${randomBytes(4).toString('hex')}`;
    const url = withDatabase(server, name);
    await ensureDatabase(url);
    const orm = await openOrm({ clientUrl: url });
    const exec = (text: string, params: unknown[] = []) => orm.em.fork().getConnection().execute(text, params);
    try {
      await orm.migrator.up({ to: 'Migration20261127160000' });
      const entries = [
        ['Message', { entity: 'Message', key: { id: 1 }, before: { text: 'старый текст' }, after: { text: 'новый' } }],
        ['Message', { entity: 'Message', key: { id: 2 }, before: { text: null, deletedAt: null }, after: { text: 'x', deletedAt: null } }],
        ['Message', { entity: 'Message', key: { id: 3 }, before: { isPinned: false }, after: { isPinned: true } }],
        ['Profile', { entity: 'Profile', key: { user: 5 }, before: { city: 'Тверь' }, after: { city: 'Самара' } }],
      ] as const;
      for (const [type, details] of entries)
        await exec(
          `INSERT INTO audit_log (actor_id, action, target_type, target_id, details, at) VALUES (1, 'db.update', ?, '1', ?, now())`,
          [type, JSON.stringify(details)],
        );
      await migrate(orm);
      const left = (await exec(`SELECT details FROM audit_log ORDER BY id`)) as Array<{ details: unknown }>;
      expect(left.map((row) => row.details)).toEqual([entries[2][1], entries[3][1]]);
      expect(JSON.stringify(left)).not.toContain('текст');
    } finally {
      await closeOrm(orm, true);
      await dropDatabase(server, name);
    }
  });
});
