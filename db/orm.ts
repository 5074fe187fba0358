import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './entities';
import { migrationsList } from './migrations/list';
import { attachReadPool, readPoolOf, ReadPool } from './read-pool';

export type Orm = MikroORM;

export interface OrmOptions {
  clientUrl: string;
  /** Read replicas (DATABASE_REPLICA_URLS); only `readQuery` uses them, see db/sql.ts. */
  replicaUrls?: readonly string[];
  debug?: boolean;
  poolMax?: number;
}

export function ormConfig({ clientUrl, replicaUrls = [], debug = false, poolMax = 10 }: OrmOptions): Options {
  return {
    clientUrl,
    replicas: replicaUrls.map((url, i) => ({ name: `replica-${i + 1}`, clientUrl: url })),
    // Entity reads stay on the primary too; replica reads are opted into (db/sql.ts readQuery).
    preferReadReplicas: false,
    entities,
    extensions: [Migrator],
    // Query logging (debug) leaves out the statements' values: they are people's data.
    debug: debug ? ['query', 'info'] : false,
    forceUtcTimezone: true,
    allowGlobalContext: false,
    pool: { min: 0, max: poolMax },
    // The job queue's tables belong to graphile-worker's own migrations, not to ours.
    schemaGenerator: { ignoreSchema: ['graphile_worker'] },
    migrations: {
      path: 'db/migrations',
      pathTs: 'db/migrations',
      emit: 'ts',
      snapshot: false,
      transactional: true,
      allOrNothing: true,
      // An explicit list works the same under tsx, vitest and plain node.
      migrationsList,
    },
  };
}

/** The ORM, with its read pool for the hottest reads (db/read-pool.ts); close both with closeOrm. */
export async function openOrm(options: OrmOptions): Promise<Orm> {
  const orm = await MikroORM.init(ormConfig(options));
  attachReadPool(orm.em, new ReadPool({ connectionString: options.clientUrl, max: Math.min(4, options.poolMax ?? 10) }));
  return orm;
}

export async function closeOrm(orm: Orm, force = false): Promise<void> {
  try {
    await readPoolOf(orm.em).close();
  } finally {
    await orm.close(force);
  }
}

/** Applies every pending migration; returns the names applied. */
export async function migrate(orm: Orm): Promise<string[]> {
  const applied = await orm.getMigrator().up();
  return applied.map((m) => m.name);
}
