import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { findPgTool, libpqEnv, runTool } from './dump';
import { openEmbeddedServer, writeBaseBackup } from './embedded';
import { ARCHIVE, type Manifest } from './settings';
import type { TarWriter } from './tar-writer';

/** The embedded server's database (bot/database.ts). */
const APP_DATABASE = 'app';

/** The database part of an archive, written; `release` ends what it holds open until the images are copied. */
export interface DatabasePart {
  manifest: Manifest['database'];
  /** The image rows of the copy, to check the copied files against. */
  imageIds: string[];
  release: () => Promise<void>;
}

/** The applied migrations and the image rows, as the given connection sees them. */
async function databaseFacts(client: pg.ClientBase): Promise<{ migrations: string[]; imageIds: string[] }> {
  const tables = await client.query<{ migrations: boolean; images: boolean }>(
    `SELECT to_regclass('public.mikro_orm_migrations') IS NOT NULL AS migrations, to_regclass('public.images') IS NOT NULL AS images`,
  );
  const { migrations, images } = tables.rows[0]!;
  const names = migrations ? await client.query<{ name: string }>('SELECT name FROM mikro_orm_migrations ORDER BY id') : null;
  const ids = images ? await client.query<{ id: string }>('SELECT id FROM images') : null;
  return { migrations: names?.rows.map((r) => r.name) ?? [], imageIds: ids?.rows.map((r) => r.id) ?? [] };
}

/**
 * DATABASE_URL: pg_dump in the snapshot a transaction of ours exports, in which the manifest's facts are read
 * too; the transaction stays open (release ends it) so the image check sees that snapshot.
 */
export async function dumpExternal(tar: TarWriter, url: string, scratch: string): Promise<DatabasePart> {
  const client = new pg.Client({ connectionString: url, application_name: 'backup' });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await client.query<{ s: string }>('SELECT pg_export_snapshot() AS s')).rows[0]!.s;
    const version = (
      await client.query<{ name: string; num: string }>(
        `SELECT current_setting('server_version') AS name, current_setting('server_version_num') AS num`,
      )
    ).rows[0]!;
    const pgDump = findPgTool('pg_dump', Math.floor(Number(version.num) / 10_000));
    const { env, dbname } = libpqEnv(url);
    const file = path.join(scratch, 'dump');
    console.log(`dumping the database with ${pgDump.path} (${pgDump.version})…`);
    const args = ['--format=custom', '--compress=0', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${dbname}`];
    await runTool(pgDump.path, args, env);
    const facts = await databaseFacts(client);
    await tar.directory('database');
    await tar.file(ARCHIVE.dump, file);
    rmSync(file);
    return {
      manifest: { kind: 'pg_dump', serverVersion: version.name, pgDumpVersion: pgDump.version, migrations: facts.migrations },
      imageIds: facts.imageIds,
      release: () => client.end(),
    };
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
}

/** The embedded server's data directory: the running server's, or one started for the copy and stopped after. */
export async function backupEmbedded(tar: TarWriter, dataDir: string): Promise<DatabasePart> {
  const server = await openEmbeddedServer(dataDir);
  console.log(
    server.startedHere
      ? `started the embedded PostgreSQL of ${dataDir} for the backup…`
      : `backing up the running embedded PostgreSQL of ${dataDir}…`,
  );
  try {
    await tar.directory('database');
    const { serverVersion } = await writeBaseBackup(tar, dataDir, server.url('postgres'));
    // Read right after the copy's end, the point it restores to.
    const client = new pg.Client({ connectionString: server.url(APP_DATABASE), application_name: 'backup' });
    await client.connect();
    const facts = await databaseFacts(client).finally(() => client.end());
    return {
      manifest: { kind: 'embedded-base-backup', serverVersion, migrations: facts.migrations },
      imageIds: facts.imageIds,
      release: async () => undefined,
    };
  } finally {
    await server.stop();
  }
}
