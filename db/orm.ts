import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './entities';
import { migrationsList } from './migrations/list';

export type Orm = MikroORM;

export interface OrmOptions {
  clientUrl: string;
  debug?: boolean;
  poolMax?: number;
}

export function ormConfig({ clientUrl, debug = false, poolMax = 10 }: OrmOptions): Options {
  return {
    clientUrl,
    entities,
    extensions: [Migrator],
    debug,
    forceUtcTimezone: true,
    allowGlobalContext: false,
    pool: { min: 0, max: poolMax },
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

export async function openOrm(options: OrmOptions): Promise<Orm> {
  return MikroORM.init(ormConfig(options));
}

/** Applies every pending migration; returns the names applied. */
export async function migrate(orm: Orm): Promise<string[]> {
  const applied = await orm.getMigrator().up();
  return applied.map((m) => m.name);
}
