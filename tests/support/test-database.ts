import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { cloneDatabase, dropDatabase } from '../../platform/postgres/databases';
import { closeOrm, openOrm, type Orm } from '../../db/orm';

export interface TestDatabase {
  url: string;
  orm: Orm;
  drop(): Promise<void>;
}

/** A database of its own for one test file, cloned from the migrated template; `replicaUrls` feed MikroORM's replicas. */
export async function createTestDatabase(
  opts: { replicaUrls?: string[]; driverOptions?: Record<string, unknown> } = {},
): Promise<TestDatabase> {
  const server = inject('databaseServerUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const url = await cloneDatabase(server, inject('templateDatabase'), name);
  const orm = await openOrm({ clientUrl: url, replicaUrls: opts.replicaUrls, poolMax: 5, driverOptions: opts.driverOptions });
  return {
    url,
    orm,
    drop: async () => {
      await closeOrm(orm, true);
      await dropDatabase(server, name);
    },
  };
}
