import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../platform/postgres/embedded-postgres';
import { createBenchDatabase } from '../bench/bench-database';
import { spawnApi } from '../chat-load/api-process';
import { seedPairs } from '../chat-load/seed-pairs';

/** The production pool size (db/orm.ts); baselines get the same. */
export const POOL_MAX = 10;

export interface ApiEnvironment {
  databaseUrl: string;
  /** Our API (Koa + ws) in a child process, as in production but without the bot. */
  apiUrl: string;
  apiPid: number;
  /** Users with approved profiles (the seeded chat pairs). */
  userIds: number[];
}

/** A throw-away migrated database with `users` profiles and our API on it, torn down after `run`. */
export async function withApiEnvironment<T>(name: string, users: number, run: (env: ApiEnvironment) => Promise<T>): Promise<T> {
  const db = await createBenchDatabase(`${name}_${Date.now().toString(36)}`);
  const storageDir = mkdtempSync(path.join(os.tmpdir(), `${name}-storage-`));
  try {
    const pairs = await seedPairs(db.url, Math.ceil(users / 2));
    const api = await spawnApi({ databaseUrl: db.url, port: await freePort(), storageDir, poolMax: POOL_MAX });
    try {
      return await run({
        databaseUrl: db.url,
        apiUrl: api.url,
        apiPid: api.pid,
        userIds: pairs.flatMap((p) => [p.a, p.b]).slice(0, users),
      });
    } finally {
      await api.kill('SIGTERM');
    }
  } finally {
    await db.dispose();
    rmSync(storageDir, { recursive: true, force: true });
  }
}
