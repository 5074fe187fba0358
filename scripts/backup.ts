// `npm run backup [-- --out FILE]`: one .tar.gz holding the database and the images (docs/operations.md, "Backups").
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
import { backupEmbedded, dumpExternal, type DatabasePart } from './backup/database-part';
import { ARCHIVE, runCommand, settingsFrom, UsageError, type BackupSettings, type Manifest } from './backup/settings';
import { backupKeyFrom, signatureOf } from './backup/integrity';
import { copyStorage } from './backup/storage-copy';
import { TarWriter } from './backup/tar-writer';

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

const packageJson = () =>
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { name: string; version: string };

/** The images after the database part (see the top of this file); none with S3. */
async function writeImages(tar: TarWriter, settings: BackupSettings, db: DatabasePart): Promise<Manifest['images']> {
  const rows = db.imageIds.length;
  if (settings.s3Bucket) {
    console.log(`images are in the S3 bucket ${settings.s3Bucket}: back it up separately (docs/operations.md, "Backups")`);
    return { rows, files: 0, bytes: 0, storage: 's3', bucket: settings.s3Bucket };
  }
  const copied = await copyStorage(tar, settings.storageDir);
  const missing = db.imageIds.filter((id) => !copied.masters.has(id));
  if (missing.length > 0) {
    const some = `${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}`;
    console.warn(
      `warning: ${missing.length} image(s) of the database copy have no file in the archive (deleted while the backup ran, or missing from ${settings.storageDir}): ${some}`,
    );
  }
  return { rows, files: copied.files, bytes: copied.bytes, storage: 'local' };
}

/** Everything into `tar`: the database, the images, the manifest last. */
async function writeArchive(tar: TarWriter, settings: BackupSettings, scratch: string, key: Buffer | null): Promise<Manifest> {
  const createdAt = new Date().toISOString();
  const db = settings.databaseUrl
    ? await dumpExternal(tar, settings.databaseUrl, scratch)
    : await backupEmbedded(tar, settings.embeddedDataDir);
  const images = await writeImages(tar, settings, db).finally(db.release);
  const { name, version } = packageJson();
  const files = { ...tar.sums };
  const manifest: Manifest = { format: 2, createdAt, product: { name, version }, database: db.manifest, images, files };
  const bytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  await tar.buffer(ARCHIVE.manifest, bytes);
  if (key) await tar.buffer(ARCHIVE.signature, Buffer.from(`${signatureOf(bytes, key)}\n`));
  await tar.close();
  return manifest;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), process.env);
  if (args.help) return console.log(USAGE);
  const settings = settingsFrom(process.env);
  const key = backupKeyFrom(process.env);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = path.resolve(args.out ?? path.join('backups', `backup-${stamp}.tar.gz`));
  if (existsSync(out)) throw new UsageError(`${out} already exists: choose another --out (a backup never overwrites a file)`);
  mkdirSync(path.dirname(out), { recursive: true });
  // Written under another name and renamed when complete: a file by the given name is always a whole archive.
  const partial = `${out}.partial`;
  rmSync(partial, { force: true });
  const started = Date.now();
  const tar = new TarWriter(partial);
  const scratch = mkdtempSync(path.join(path.dirname(out), '.backup-'));
  try {
    const { database, images } = await writeArchive(tar, settings, scratch, key);
    renameSync(partial, out);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `backup written to ${out} in ${seconds} s: ${database.kind}, ${database.migrations.length} migrations, ${images.rows} images, ${images.files} files, ${key ? 'signed with BACKUP_KEY' : 'not signed (no BACKUP_KEY)'}`,
    );
  } catch (err) {
    await tar.abort();
    rmSync(partial, { force: true });
    throw err;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

runCommand('backup', USAGE, main);
