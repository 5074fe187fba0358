// `npm run restore ARCHIVE`: puts an archive of `npm run backup` back, into an empty place only (README, "Backups").
// The database goes where the product would look for it: the embedded server's data directory DATA_DIR/postgres,
// or DATABASE_URL's database when it is set; the images into STORAGE_DIR. Anything there already → refused,
// nothing changed. A failure half-way empties again what this run filled.
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { passwordFileOf } from '../db/embedded-postgres-password';
import { findPgTool, libpqEnv, runTool } from './backup/dump';
import { handOver, recoverRestored } from './backup/embedded';
import { ARCHIVE, entriesOf, settingsFrom, UsageError, type Manifest } from './backup/settings';
import { readTar, type TarEntry } from './backup/tar';

const USAGE = `Usage: npm run restore -- ARCHIVE

Restores an archive of \`npm run backup\`: the database into an empty embedded data directory (DATA_DIR/postgres)
or, with DATABASE_URL set, into an empty (or not yet created) database; the images into an empty STORAGE_DIR.`;

function parseArgs(argv: string[]): { archive: string | null; help: boolean } {
  const positional: string[] = [];
  for (const arg of argv) {
    if (arg === '--help' || arg === '-h') return { archive: null, help: true };
    if (arg.startsWith('-')) throw new UsageError(`unknown option: ${arg}`);
    positional.push(arg);
  }
  if (positional.length === 0) throw new UsageError('which archive? Name the .tar.gz file written by npm run backup');
  if (positional.length > 1) throw new UsageError(`one archive at a time, got ${positional.length}: ${positional.join(' ')}`);
  return { archive: positional[0]!, help: false };
}

const adminUrl = (url: string) => {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
};
const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

/** Whether DATABASE_URL's database exists; refuses one that holds anything (tables, sequences, schemas of its own). */
async function checkTargetDatabase(url: string): Promise<{ exists: boolean }> {
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName(url)]);
    if (found.rowCount === 0) return { exists: false };
  } finally {
    await admin.end();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query<{ relations: number; schemas: string[] }>(
      `SELECT (SELECT count(*)::int FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%') AS relations,
              (SELECT coalesce(array_agg(nspname::text), '{}') FROM pg_namespace
                WHERE nspname NOT IN ('public', 'information_schema') AND nspname NOT LIKE 'pg\\_%') AS schemas`,
    );
    const { relations, schemas } = rows.rows[0]!;
    if (relations > 0 || schemas.length > 0) {
      throw new UsageError(
        `the database ${databaseName(url)} is not empty (${relations} tables, sequences or views${schemas.length ? `; schemas ${schemas.join(', ')}` : ''}): ` +
          'restore into a new database (a DATABASE_URL naming one that does not exist yet is created) or drop this one first',
      );
    }
    return { exists: true };
  } finally {
    await client.end();
  }
}

async function dropDatabase(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(databaseName(url))}`);
  } finally {
    await admin.end();
  }
}

/** Removes everything inside `dir` (which was empty or absent before this run), and `dir` itself if this run made it. */
function emptyAgain(dir: string, made: boolean): void {
  if (made) rmSync(dir, { recursive: true, force: true });
  else for (const name of entriesOf(dir)) rmSync(path.join(dir, name), { recursive: true, force: true });
}

/** `rel` (an archive path below `prefix/`) as a path under `root`. */
function under(root: string, prefix: string, rel: string): string {
  return rel === prefix ? root : path.join(root, ...rel.slice(prefix.length + 1).split('/'));
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const archive = path.resolve(args.archive!);
  if (!existsSync(archive) || !statSync(archive).isFile()) throw new UsageError(`${archive} is not a file`);
  const settings = settingsFrom(process.env);
  const started = Date.now();

  // Every check before the first change.
  const dataDir = settings.embeddedDataDir;
  let databaseExists = false;
  if (settings.databaseUrl) {
    databaseExists = (await checkTargetDatabase(settings.databaseUrl)).exists;
  } else if (entriesOf(dataDir).length > 0) {
    throw new UsageError(
      `${dataDir} is not empty: the restore needs an empty data directory (stop the product, move that directory away, or set another DATA_DIR)`,
    );
  }
  const storageDir = settings.storageDir;
  if (entriesOf(storageDir).length > 0) {
    throw new UsageError(
      `${storageDir} is not empty: the restore needs an empty STORAGE_DIR (move it away, or set another STORAGE_DIR or DATA_DIR)`,
    );
  }

  const expected = settings.databaseUrl ? 'pg_dump' : 'embedded-base-backup';
  const dataDirMade = !existsSync(dataDir);
  const storageDirMade = !existsSync(storageDir);
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'restore-'));
  // DATA_DIR itself with the usual mode (the server's user must reach the data directory inside it).
  if (!settings.databaseUrl) mkdirSync(path.dirname(dataDir), { recursive: true });
  const dumpFile = path.join(scratch, 'dump');
  // Filled while the archive is read.
  const got: { kind: Manifest['database']['kind'] | null; manifest: Manifest | null; password: Buffer | null } = {
    kind: null,
    manifest: null,
    password: null,
  };
  let touched = false;
  let restoredRows = false;
  let databaseCreated = false;
  try {
    await readTar(archive, async (entry: TarEntry, extractTo, readAll) => {
      const kind = entry.path === ARCHIVE.dump ? 'pg_dump' : entry.path.startsWith(`${ARCHIVE.pgdata}`) ? 'embedded-base-backup' : null;
      if (kind && got.kind === null) {
        if (kind !== expected) {
          throw new UsageError(
            kind === 'pg_dump'
              ? 'this archive holds a pg_dump of an external database: set DATABASE_URL to the (empty) database to restore it into'
              : 'this archive holds the embedded PostgreSQL data directory: unset DATABASE_URL and set DATA_DIR to restore it',
          );
        }
        got.kind = kind;
      }
      if (entry.path === ARCHIVE.manifest) {
        got.manifest = JSON.parse((await readAll()).toString('utf8')) as Manifest;
      } else if (entry.path === ARCHIVE.passwordFile) {
        got.password = await readAll();
      } else if (entry.path === ARCHIVE.dump) {
        await extractTo(dumpFile);
      } else if (kind === 'embedded-base-backup' || entry.path === ARCHIVE.storage || entry.path.startsWith(`${ARCHIVE.storage}/`)) {
        const inStorage = kind === null;
        const target = inStorage ? under(storageDir, ARCHIVE.storage, entry.path) : under(dataDir, ARCHIVE.pgdata, entry.path);
        touched = true;
        if (entry.type === 'directory') mkdirSync(target, { recursive: true, mode: inStorage ? 0o755 : 0o700 });
        else {
          mkdirSync(path.dirname(target), { recursive: true, mode: inStorage ? 0o755 : 0o700 });
          await extractTo(target);
        }
      }
    });
    const found = got.manifest;
    if (!found || found.format !== 1) throw new Error('the archive has no manifest.json: it is incomplete or not made by npm run backup');
    if (got.kind === null) throw new Error('the archive holds no database');

    if (got.kind === 'pg_dump') {
      const url = settings.databaseUrl!;
      const dumpMajor = Number(/^\d+/.exec(found.database.pgDumpVersion ?? '0')![0]);
      const pgRestore = findPgTool('pg_restore', dumpMajor);
      if (!databaseExists) {
        databaseCreated = true;
        const admin = new pg.Client({ connectionString: adminUrl(url) });
        await admin.connect();
        try {
          await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(databaseName(url))}`);
        } finally {
          await admin.end();
        }
      }
      const { env, dbname } = libpqEnv(url);
      console.log(`restoring the database with ${pgRestore.path} (${pgRestore.version})…`);
      // One transaction: a failure leaves the database as empty as it was.
      restoredRows = true;
      await runTool(
        pgRestore.path,
        ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, dumpFile],
        env,
      );
    } else {
      // The data directory's password (the server's role has it) beside it, where the product reads it.
      const passwordFile = passwordFileOf(dataDir);
      if (got.password) writeFileSync(passwordFile, got.password, { mode: 0o600 });
      else rmSync(passwordFile, { force: true });
      mkdirSync(path.join(dataDir, 'pg_wal', 'archive_status'), { recursive: true, mode: 0o700 });
      handOver(dataDir);
      console.log('replaying the backup’s WAL in the restored data directory…');
      const databases = await recoverRestored(dataDir);
      if (!databases.includes('app')) throw new Error(`the restored server has no database "app" (it has ${databases.join(', ')})`);
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const where = settings.databaseUrl ? `the database ${databaseName(settings.databaseUrl)}` : dataDir;
    console.log(
      `restored the backup of ${found.createdAt} (version ${found.product.version}, ${found.database.migrations.length} migrations, ${found.images.rows} images) into ${where} and ${found.images.storage === 'local' ? storageDir : `nothing for images (they were in the S3 bucket ${found.images.bucket})`} in ${seconds} s`,
    );
    if (found.images.storage === 's3') console.log('restore the bucket from its own backup (README, "Backups")');
    if (settings.s3Bucket && found.images.storage === 'local') {
      console.log(
        `S3 is configured: copy ${storageDir} into the bucket ${settings.s3Bucket} (e.g. aws s3 sync) before starting the product`,
      );
    }
  } catch (err) {
    if (touched || restoredRows) {
      if (!settings.databaseUrl) {
        emptyAgain(dataDir, dataDirMade);
        rmSync(passwordFileOf(dataDir), { force: true });
      }
      emptyAgain(storageDir, storageDirMade);
    }
    if (databaseCreated) await dropDatabase(settings.databaseUrl!).catch(() => undefined);
    throw err;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    if (err instanceof UsageError) console.error(`restore: ${err.message}\n\n${USAGE}`);
    else console.error(`restore failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(err instanceof UsageError ? 2 : 1);
  },
);
