import path from 'node:path';
import { ensureDatabase } from '../platform/postgres/databases';
import { startEmbeddedPostgres } from '../platform/postgres/embedded-postgres';

export interface Database {
  url: string;
  stop(): Promise<void>;
}

/** DATABASE_URL when set; otherwise the embedded PostgreSQL with data kept under the data directory. */
export async function openDatabase(
  databaseUrl: string | null,
  dataDir: string,
  opts: { ownProcessGroup?: boolean } = {},
): Promise<Database> {
  if (databaseUrl) {
    await ensureDatabase(databaseUrl);
    return { url: databaseUrl, stop: async () => undefined };
  }
  const server = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, 'postgres'),
    persistent: true,
    ownProcessGroup: opts.ownProcessGroup,
  });
  const url = server.url('app');
  await ensureDatabase(url);
  // Everything else has stopped by then (the ordered shutdown); the grace lets the pools' last goodbyes arrive.
  return { url, stop: () => server.stop({ graceMs: 5_000 }) };
}
