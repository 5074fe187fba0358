import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { isConfigFile, isDataPath } from './data-files';
import type { SeenArchive } from './integrity';
import { ARCHIVE, UsageError, type Manifest } from './settings';
import { readTar, type TarEntry, type TarLimits } from './tar-reader';

type DatabaseKind = Manifest['database']['kind'];

export interface Places {
  /** The kind of database part this restore can take (embedded data directory, or a dump for DATABASE_URL). */
  expected: DatabaseKind;
  dataDir: string;
  storageDir: string;
  dumpFile: string;
}

/** What the archive held; `touched` turns true with the first file or directory written into a target. */
export interface Extracted extends SeenArchive {
  kind: DatabaseKind | null;
  manifest: Manifest | null;
  password: Buffer | null;
  touched: boolean;
}

export const emptyExtracted = (): Extracted => ({
  kind: null,
  manifest: null,
  password: null,
  touched: false,
  manifestBytes: null,
  signature: null,
  files: new Map(),
  skippedConfig: [],
});

/** `rel` (an archive path below `prefix/`) as a path under `root`. */
function under(root: string, prefix: string, rel: string): string {
  return rel === prefix ? root : path.join(root, ...rel.slice(prefix.length + 1).split('/'));
}

const kindOf = (entryPath: string): DatabaseKind | null =>
  entryPath === ARCHIVE.dump ? 'pg_dump' : entryPath.startsWith(ARCHIVE.pgdata) ? 'embedded-base-backup' : null;

function refuseOtherKind(kind: DatabaseKind, expected: DatabaseKind): void {
  if (kind === expected) return;
  throw new UsageError(
    kind === 'pg_dump'
      ? 'this archive holds a pg_dump of an external database: set DATABASE_URL to the (empty) database to restore it into'
      : 'this archive holds the embedded PostgreSQL data directory: unset DATABASE_URL and set DATA_DIR to restore it',
  );
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const inStorage = (p: string) => p === ARCHIVE.storage || p.startsWith(`${ARCHIVE.storage}/`);

/** The data directory's part: data only (data-files.ts); old archives' configuration is skipped, anything else refused. */
function dataDirTarget(entry: TarEntry, places: Places): string | null {
  const rel = entry.path === ARCHIVE.pgdata ? '' : entry.path.slice(ARCHIVE.pgdata.length + 1);
  if (entry.type === 'file' && isConfigFile(rel)) return null;

  if (!isDataPath(rel, entry.type)) {
    throw new Error(
      `the archive holds ${entry.path}, which is not data of a PostgreSQL data directory: a restore takes no configuration or control files from an archive`,
    );
  }
  return under(places.dataDir, ARCHIVE.pgdata, entry.path);
}

/** Writes one data-directory or image entry into its place; answers the file's sum (null: skipped, or a directory). */
async function place(entry: TarEntry, places: Places, got: Extracted, extractTo: (target: string) => Promise<string>) {
  const storage = inStorage(entry.path);
  const target = storage ? under(places.storageDir, ARCHIVE.storage, entry.path) : dataDirTarget(entry, places);
  if (target === null) {
    got.skippedConfig.push(entry.path);
    return null;
  }
  // PostgreSQL wants its directories private; the images are public anyway.
  const mode = storage ? 0o755 : 0o700;
  got.touched = true;
  mkdirSync(entry.type === 'directory' ? target : path.dirname(target), { recursive: true, mode });
  return entry.type === 'file' ? extractTo(target) : null;
}

/** The caps of an archive's entries: a data file at most a relation segment (1 GiB), the dump and the whole at most `maxTotal`. */
export const restoreLimits = (maxTotalBytes: number, maxEntryBytes: number): TarLimits => ({
  maxTotalBytes,
  maxEntryBytes: (p) => (p === ARCHIVE.dump ? maxTotalBytes : maxEntryBytes),
});

/**
 * Reads the archive once, streaming: the data directory and the images go straight to their places, the dump to a
 * file, the manifest, its signature and the password into memory; every file's SHA-256 is noted for the check
 * against the manifest. The database part comes first, so an archive of the other kind is refused before anything
 * is written.
 */
export async function extractArchive(archive: string, places: Places, got: Extracted, limits: TarLimits): Promise<void> {
  await readTar(
    archive,
    async (entry, extractTo, readAll) => {
      const kind = kindOf(entry.path);
      if (kind && got.kind === null) {
        refuseOtherKind(kind, places.expected);
        got.kind = kind;
      }
      if (entry.path === ARCHIVE.manifest) {
        got.manifestBytes = await readAll();
        try {
          got.manifest = JSON.parse(got.manifestBytes.toString('utf8')) as Manifest;
        } catch {
          throw new Error('the archive’s manifest.json is not valid JSON: it is damaged or not made by npm run backup');
        }
      } else if (entry.path === ARCHIVE.signature) got.signature = (await readAll()).toString('utf8');
      else if (entry.path === ARCHIVE.passwordFile) got.files.set(entry.path, sha256((got.password = await readAll())));
      else if (entry.path === ARCHIVE.dump) got.files.set(entry.path, await extractTo(places.dumpFile));
      else if (kind === 'embedded-base-backup' || inStorage(entry.path)) {
        const sum = await place(entry, places, got, extractTo);
        if (entry.type === 'file') got.files.set(entry.path, sum);
      } else if (entry.type === 'file') got.files.set(entry.path, null);
    },
    limits,
  );
}
