// `npm run backup [-- --out FILE]`: one .tar.gz holding the database and the images (README, "Backups").
//
// The database part comes first and the images after it, on purpose. An image's files are written before any row
// refers to them (db/media/images.service.ts writes the master, then flushes the row), so every image a row of
// the database copy refers to was on disk before that copy's moment, and a storage copy that starts after it finds
// it. The other way round, an image uploaded during a storage copy taken first could be missing for a row in a
// dump taken next. Files go only after their rows are gone (deleted by the request or a job once the deleting
// transaction has committed), so the only image of the database copy that can be missing is one deleted while
// the backup ran, i.e. one whose rows were being deleted anyway; the backup counts those and says so.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openEmbeddedServer, writeBaseBackup } from './backup/embedded';
import { findPgTool, libpqEnv, runTool } from './backup/dump';
import { ARCHIVE, settingsFrom, UsageError, type Manifest } from './backup/settings';
import { copyStorage } from './backup/storage-copy';
import { TarWriter } from './backup/tar';

/** The embedded server's database (bot/database.ts). */
const APP_DATABASE = 'app';

const USAGE = `Usage: npm run backup [-- --out FILE]

Writes one archive (.tar.gz) with the database and the images: the embedded PostgreSQL's data directory
(DATA_DIR/postgres), or a pg_dump of DATABASE_URL when it is set, and the files under STORAGE_DIR (not with S3).
FILE defaults to ./backups/backup-<UTC time>.tar.gz; an existing file is never overwritten.`;

function parseArgs(argv: string[], env: NodeJS.ProcessEnv): { out: string | null; help: boolean } {
  let out: string | null = null;
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return { out, help: true };
    if (arg === '--out' || arg === '-o') {
      const value = argv[++i];
      if (!value || value.startsWith('-')) throw new UsageError(`${arg} needs a file name`);
      out = value;
    } else if (arg.startsWith('--out=')) {
      out = arg.slice('--out='.length);
      if (!out) throw new UsageError('--out needs a file name');
    } else if (arg.startsWith('-')) {
      throw new UsageError(`unexpected argument: ${arg}`);
    } else {
      positional.push(arg);
    }
  }
  // `npm run backup --out FILE` (without `--`): npm keeps `--out` for itself (npm_config_out=true, or the value
  // of `--out=FILE`) and passes FILE on alone.
  const npmOut = env.npm_config_out;
  if (!out && npmOut && npmOut !== 'true') out = npmOut;
  if (!out && npmOut === 'true' && positional.length === 1) out = positional.pop()!;
  if (positional.length > 0) throw new UsageError(`unexpected argument: ${positional[0]}`);
  return { out, help: false };
}

interface DatabaseFacts {
  migrations: string[];
  imageIds: string[];
}

/** The applied migrations and the image rows, as the given connection sees them. */
async function databaseFacts(client: pg.Client): Promise<DatabaseFacts> {
  const tables = await client.query<{ migrations: boolean; images: boolean }>(
    `SELECT to_regclass('public.mikro_orm_migrations') IS NOT NULL AS migrations, to_regclass('public.images') IS NOT NULL AS images`,
  );
  const { migrations, images } = tables.rows[0]!;
  return {
    migrations: migrations
      ? (await client.query<{ name: string }>('SELECT name FROM mikro_orm_migrations ORDER BY id')).rows.map((r) => r.name)
      : [],
    imageIds: images ? (await client.query<{ id: string }>('SELECT id FROM images')).rows.map((r) => r.id) : [],
  };
}

const packageJson = () =>
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { name: string; version: string };

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), process.env);
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const settings = settingsFrom(process.env);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = path.resolve(args.out ?? path.join('backups', `backup-${stamp}.tar.gz`));
  if (existsSync(out)) throw new UsageError(`${out} already exists: choose another --out (a backup never overwrites a file)`);
  mkdirSync(path.dirname(out), { recursive: true });
  const partial = `${out}.partial`;
  rmSync(partial, { force: true });
  const started = Date.now();
  const tar = new TarWriter(partial);
  const scratch = mkdtempSync(path.join(path.dirname(out), '.backup-'));
  try {
    let database: Manifest['database'];
    let facts: DatabaseFacts;
    // Called once the database part is written and before the images are copied; `finish` after them.
    let finish: () => Promise<void> = async () => undefined;
    if (settings.databaseUrl) {
      const client = new pg.Client({ connectionString: settings.databaseUrl, application_name: 'backup' });
      await client.connect();
      finish = () => client.end();
      // pg_dump dumps in the snapshot this transaction exports, and the manifest's facts are read in it too.
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const snapshot = (await client.query<{ s: string }>('SELECT pg_export_snapshot() AS s')).rows[0]!.s;
      const version = (
        await client.query<{ server_version: string; num: string }>(
          `SELECT current_setting('server_version') AS server_version, current_setting('server_version_num') AS num`,
        )
      ).rows[0]!;
      const pgDump = findPgTool('pg_dump', Math.floor(Number(version.num) / 10_000));
      const { env, dbname } = libpqEnv(settings.databaseUrl);
      const file = path.join(scratch, 'dump');
      console.log(`dumping the database with ${pgDump.path} (${pgDump.version})…`);
      await runTool(
        pgDump.path,
        ['--format=custom', '--compress=0', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${dbname}`],
        env,
      );
      facts = await databaseFacts(client);
      await tar.directory('database');
      await tar.file(ARCHIVE.dump, file);
      rmSync(file);
      database = { kind: 'pg_dump', serverVersion: version.server_version, pgDumpVersion: pgDump.version, migrations: facts.migrations };
    } else {
      const server = await openEmbeddedServer(settings.embeddedDataDir);
      console.log(
        server.startedHere
          ? `started the embedded PostgreSQL of ${settings.embeddedDataDir} for the backup…`
          : `backing up the running embedded PostgreSQL of ${settings.embeddedDataDir}…`,
      );
      try {
        await tar.directory('database');
        const { serverVersion } = await writeBaseBackup(tar, settings.embeddedDataDir, server.url('postgres'));
        // Read right after the copy's end, the point it restores to.
        const client = new pg.Client({ connectionString: server.url(APP_DATABASE), application_name: 'backup' });
        await client.connect();
        try {
          facts = await databaseFacts(client);
        } finally {
          await client.end();
        }
        database = { kind: 'embedded-base-backup', serverVersion, migrations: facts.migrations };
      } finally {
        await server.stop();
      }
    }

    // After the database part: see the top of this file.
    let images: Manifest['images'];
    if (settings.s3Bucket) {
      await finish();
      images = { rows: facts.imageIds.length, files: 0, bytes: 0, storage: 's3', bucket: settings.s3Bucket };
      console.log(`images are in the S3 bucket ${settings.s3Bucket}: back it up separately (README, "Backups")`);
    } else {
      const copied = await copyStorage(tar, settings.storageDir);
      await finish();
      images = { rows: facts.imageIds.length, files: copied.files, bytes: copied.bytes, storage: 'local' };
      const missing = facts.imageIds.filter((id) => !copied.masters.has(id));
      if (missing.length > 0) {
        console.warn(
          `warning: ${missing.length} image(s) of the database copy have no file in the archive (deleted while the backup ran, or missing from ${settings.storageDir}): ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}`,
        );
      }
    }
    const manifest: Manifest = {
      format: 1,
      createdAt: new Date(started).toISOString(),
      product: { name: packageJson().name, version: packageJson().version },
      database,
      images,
    };
    await tar.buffer(ARCHIVE.manifest, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await tar.close();
    renameSync(partial, out);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `backup written to ${out} in ${seconds} s: ${database.kind}, ${database.migrations.length} migrations, ${images.rows} images, ${images.files} files`,
    );
  } catch (err) {
    await tar.abort();
    rmSync(partial, { force: true });
    throw err;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    if (err instanceof UsageError) console.error(`backup: ${err.message}\n\n${USAGE}`);
    else console.error(`backup failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(err instanceof UsageError ? 2 : 1);
  },
);
