import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropDatabase, ensureDatabase, withDatabase } from '../../platform/postgres/databases';
import { startEmbeddedPostgres } from '../../platform/postgres/embedded-postgres';

export interface BenchDatabase {
  url: string;
  /** Drops the database, stops the embedded server and removes its directory; safe to call twice. */
  dispose(): Promise<void>;
}

/**
 * A fresh database on BENCH_DATABASE_URL's server, or on a throw-away embedded server in a temp dir (started with
 * `settings`, which an external server must already have).
 */
export async function createBenchDatabase(name: string, settings?: Readonly<Record<string, string>>): Promise<BenchDatabase> {
  const external = process.env.BENCH_DATABASE_URL;
  const tempDir = external ? null : mkdtempSync(path.join(os.tmpdir(), 'bench-db-'));
  let stopServer = async (): Promise<void> => undefined;
  let disposed = false;
  const abort = () => void dispose().finally(() => process.exit(130));
  const dispose = async () => {
    if (disposed) return;
    disposed = true;
    process.off('SIGINT', abort).off('SIGTERM', abort);
    if (external) await dropDatabase(external, name).catch(() => undefined);
    await stopServer().catch(() => undefined);
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  };
  // Last resort when a signal ends the process before dispose() finishes.
  if (tempDir) process.once('exit', () => rmSync(tempDir, { recursive: true, force: true }));
  process.once('SIGINT', abort).once('SIGTERM', abort);
  try {
    let serverUrl = external;
    if (!serverUrl) {
      const server = await startEmbeddedPostgres({ dataDir: path.join(tempDir!, 'data'), persistent: false, settings });
      stopServer = server.stop;
      serverUrl = server.url('postgres');
    }
    const url = withDatabase(serverUrl, name);
    if (external) await dropDatabase(external, name);
    await ensureDatabase(url);
    return { url, dispose };
  } catch (err) {
    await dispose();
    throw err;
  }
}
