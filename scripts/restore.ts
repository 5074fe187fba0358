// `npm run restore ARCHIVE`: puts an archive of `npm run backup` back, into an empty place only (docs/operations.md, "Backups").
// The database goes where the product would look for it: the embedded server's data directory DATA_DIR/postgres,
// or DATABASE_URL's database when it is set; the images into STORAGE_DIR. Anything there already → refused,
// nothing changed. A failure half-way empties again what this run filled. Nothing is started or created before
// the archive matches its manifest (and, with BACKUP_KEY, its signature); the restored server runs on a new
// cluster's configuration, never the archive's.
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { passwordFileOf } from '../platform/postgres/embedded-postgres-password';
import { findPgTool, libpqEnv, runTool } from './backup/dump';
import { writeNewClusterConfig } from '../platform/postgres/embedded-postgres';
import { CONFIG_FILES } from './backup/data-files';
import { handOver, recoverRestored } from './backup/embedded';
import { emptyExtracted, extractArchive, restoreLimits } from './backup/extract';
import { backupKeyFrom, verifyArchive } from './backup/integrity';
import { entriesOf, restoreCapsFrom, runCommand, settingsFrom, UsageError, type BackupSettings, type Manifest } from './backup/settings';
import { checkTargetDatabase, createDatabase, databaseName, dropDatabase } from './backup/target-database';

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

/** Removes everything inside `dir` (which was empty or absent before this run), and `dir` itself if this run made it. */
function emptyAgain(dir: string, made: boolean): void {
  if (made) rmSync(dir, { recursive: true, force: true });
  else for (const name of entriesOf(dir)) rmSync(path.join(dir, name), { recursive: true, force: true });
}

/** Refuses (nothing changed) a target that is not empty; answers whether DATABASE_URL's database exists. */
async function checkTargets(settings: BackupSettings): Promise<{ databaseExists: boolean }> {
  let databaseExists = false;
  if (settings.databaseUrl) databaseExists = (await checkTargetDatabase(settings.databaseUrl)).exists;
  else if (entriesOf(settings.embeddedDataDir).length > 0) {
    throw new UsageError(
      `${settings.embeddedDataDir} is not empty: the restore needs an empty data directory (stop the product, move that directory away, or set another DATA_DIR)`,
    );
  }
  if (entriesOf(settings.storageDir).length > 0) {
    throw new UsageError(
      `${settings.storageDir} is not empty: the restore needs an empty STORAGE_DIR (move it away, or set another STORAGE_DIR or DATA_DIR)`,
    );
  }
  return { databaseExists };
}

/** pg_restore into the (empty) database, in one transaction: a failure leaves it as empty as it was. */
async function restoreDump(url: string, dumpFile: string, manifest: Manifest): Promise<void> {
  const dumpMajor = Number(/^\d+/.exec(manifest.database.pgDumpVersion ?? '0')![0]);
  const pgRestore = findPgTool('pg_restore', dumpMajor);
  const { env, dbname } = libpqEnv(url);
  console.log(`restoring the database with ${pgRestore.path} (${pgRestore.version})…`);
  const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, dumpFile];
  await runTool(pgRestore.path, args, env);
}

/** The extracted data directory made startable: a new cluster's configuration, its password beside it, its owner, then one start to replay the WAL. */
async function restoreDataDir(dataDir: string, password: Buffer | null): Promise<void> {
  await writeNewClusterConfig(dataDir, CONFIG_FILES);
  const passwordFile = passwordFileOf(dataDir);
  if (password) writeFileSync(passwordFile, password, { mode: 0o600 });
  else rmSync(passwordFile, { force: true });
  mkdirSync(path.join(dataDir, 'pg_wal', 'archive_status'), { recursive: true, mode: 0o700 });
  handOver(dataDir);
  console.log('replaying the backup’s WAL in the restored data directory…');
  const databases = await recoverRestored(dataDir);
  if (!databases.includes('app')) throw new Error(`the restored server has no database "app" (it has ${databases.join(', ')})`);
}

function report(settings: BackupSettings, manifest: Manifest, seconds: string): void {
  const where = settings.databaseUrl ? `the database ${databaseName(settings.databaseUrl)}` : settings.embeddedDataDir;
  const { database, images } = manifest;
  const imagesTo = images.storage === 'local' ? settings.storageDir : `nothing for images (they were in the S3 bucket ${images.bucket})`;
  console.log(
    `restored the backup of ${manifest.createdAt} (version ${manifest.product.version}, ${database.migrations.length} migrations, ${images.rows} images) into ${where} and ${imagesTo} in ${seconds} s`,
  );
  if (images.storage === 's3') console.log('restore the bucket from its own backup (docs/operations.md, "Backups")');
  if (settings.s3Bucket && images.storage === 'local') {
    console.log(
      `S3 is configured: copy ${settings.storageDir} into the bucket ${settings.s3Bucket} (e.g. aws s3 sync) before starting the product`,
    );
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.help) return console.log(USAGE);
  const archive = path.resolve(args.archive!);
  if (!existsSync(archive) || !statSync(archive).isFile()) throw new UsageError(`${archive} is not a file`);
  const settings = settingsFrom(process.env);
  const key = backupKeyFrom(process.env);
  const caps = restoreCapsFrom(process.env);
  const started = Date.now();
  const { databaseExists } = await checkTargets(settings);
  const { databaseUrl, embeddedDataDir: dataDir, storageDir } = settings;
  const made = { dataDir: !existsSync(dataDir), storageDir: !existsSync(storageDir), database: false };
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'restore-'));
  // DATA_DIR itself with the usual mode (the server's user must reach the data directory inside it).
  if (!databaseUrl) mkdirSync(path.dirname(dataDir), { recursive: true });
  const places = {
    expected: databaseUrl ? 'pg_dump' : 'embedded-base-backup',
    dataDir,
    storageDir,
    dumpFile: path.join(scratch, 'dump'),
  } as const;
  const got = emptyExtracted();
  try {
    await extractArchive(archive, places, got, restoreLimits(caps.maxTotalBytes, caps.maxEntryBytes));
    const manifest = got.manifest;
    if (!manifest || (manifest.format !== 1 && manifest.format !== 2))
      throw new Error('the archive has no manifest.json: it is incomplete or not made by npm run backup');
    if (got.kind === null) throw new Error('the archive holds no database');
    verifyArchive(got, manifest, key);
    if (databaseUrl) {
      if (!databaseExists) await createDatabase(databaseUrl);
      made.database = !databaseExists;
      await restoreDump(databaseUrl, places.dumpFile, manifest);
    } else {
      await restoreDataDir(dataDir, got.password);
    }
    report(settings, manifest, ((Date.now() - started) / 1000).toFixed(1));
  } catch (err) {
    if (got.touched && !databaseUrl) {
      emptyAgain(dataDir, made.dataDir);
      rmSync(passwordFileOf(dataDir), { force: true });
    }
    if (got.touched) emptyAgain(storageDir, made.storageDir);
    if (made.database) await dropDatabase(databaseUrl!).catch(() => undefined);
    throw err;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

runCommand('restore', USAGE, main);
