import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { dropDatabase, ensureDatabase, withDatabase } from '../../db/databases';
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
});
