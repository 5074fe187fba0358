import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './entities';
import { migrationsList } from './migrations/list';
import { sqlOf } from './kysely';
import { PreparingClient } from '../platform/postgres/prepared-statements';

export type Orm = MikroORM;

export interface OrmOptions {
  clientUrl: string;
  /** Read replicas (DATABASE_REPLICA_URLS); only `readSqlOf` uses them, see db/kysely.ts. */
  replicaUrls?: readonly string[];
  debug?: boolean;
  poolMax?: number;
  /** MikroORM's `driverOptions`, merged into pg's pool options (the capacity bench gives its recording Client). */
  driverOptions?: Options['driverOptions'];
}

/** libpq's `?host=/dir` in a connection URL: a Unix socket directory, used instead of the URL's host name. */
const socketDirOf = (url: string) => new URL(url).searchParams.get('host')?.trim() || null;

function ormConfig({ clientUrl, replicaUrls = [], debug = false, poolMax = 10, driverOptions }: OrmOptions): Options {
  const socketDir = socketDirOf(clientUrl);
  return {
    clientUrl,
    // A PostgreSQL on the same machine is cheaper to reach over its Unix socket than over loopback TCP (docs/capacity.md).
    ...(socketDir ? { host: socketDir } : {}),
    // Marked statements go prepared (platform/postgres/prepared-statements.ts), unless the caller gives a Client of its own.
    driverOptions: { Client: PreparingClient, ...driverOptions },
    replicas: replicaUrls.map((url, i) => ({ name: `replica-${i + 1}`, clientUrl: url })),
    // Entity reads stay on the primary too; replica reads are opted into (db/kysely.ts readSqlOf).
    preferReadReplicas: false,
    entities,
    extensions: [Migrator],
    // Query logging (debug) leaves out the statements' values: they are people's data.
    debug: debug ? ['query', 'info'] : false,
    forceUtcTimezone: true,
    allowGlobalContext: false,
    pool: { min: 0, max: poolMax },
    // The job queue's tables belong to graphile-worker's own migrations, not to ours.
    // Triggers and their functions are written by hand in migrations (the feed's cursor resets), not declared on entities.
    schemaGenerator: { ignoreSchema: ['graphile_worker'], ignoreTriggers: true, ignoreRoutines: true },
    migrations: {
      path: 'db/migrations',
      pathTs: 'db/migrations',
      emit: 'ts',
      snapshot: false,
      transactional: true,
      allOrNothing: true,
      // Not MikroORM's own lines on stdout: the start-up logs each migration as it begins (bot/startup-steps.ts).
      silent: true,
      // An explicit list works the same under tsx, vitest and plain node.
      migrationsList,
    },
  };
}

/** The ORM; close it with closeOrm. */
export function openOrm(options: OrmOptions): Promise<Orm> {
  return MikroORM.init(ormConfig(options));
}

/** Resolves once no query holds or waits for a connection of `pool` (or after `timeoutMs`). */
function whenPoolIdle(pool: { waitingCount: number; idleCount: number; totalCount: number }, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (pool.waitingCount > 0 || pool.idleCount < pool.totalCount) return;
      clearInterval(poll);
      clearTimeout(limit);
      resolve();
    };
    // A client that fails to connect leaves the pool without an event, hence the poll.
    const poll = setInterval(check, 10);
    const limit = setTimeout(() => (clearInterval(poll), resolve()), timeoutMs);
    check();
  });
}

/**
 * Closes the ORM once the queries in flight on its pool are done (a socket's close handler may have just started one). Closed under a query that is opening a new connection, Kysely's PostgresDriver
 * fails that query and never releases the connection, and orm.close then waits for it forever.
 */
export async function closeOrm(orm: Orm, force = false): Promise<void> {
  await whenPoolIdle(await orm.em.getConnection().getNativeClient(), 5_000);
  await orm.close(force);
}

/** Applies every pending migration; returns the names applied. */
export async function migrate(orm: Orm): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((m) => m.name);
}

/** MikroORM's record of applied migrations (its default table name). */
const MIGRATIONS_TABLE = 'mikro_orm_migrations';

/**
 * The migrations of this build the database has not applied (readiness: another process may still be migrating, or
 * an older build is running against a newer database). One read of the migrations table; nothing is created.
 */
export async function pendingMigrations(orm: Orm): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM ${sql.table(MIGRATIONS_TABLE)}`.execute(sqlOf(orm.em.fork()));
  const applied = new Set(rows.map((row) => row.name.replace(/\.[jt]s$/, '')));
  return migrationsList.map((m) => m.name).filter((name) => !applied.has(name));
}
