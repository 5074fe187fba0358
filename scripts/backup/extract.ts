import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ARCHIVE, UsageError, type Manifest } from './settings';
import { readTar } from './tar-reader';

type DatabaseKind = Manifest['database']['kind'];

export interface Places {
  /** The kind of database part this restore can take (embedded data directory, or a dump for DATABASE_URL). */
  expected: DatabaseKind;
  dataDir: string;
  storageDir: string;
  dumpFile: string;
}

/** What the archive held; `touched` turns true with the first file or directory written into a target. */
export interface Extracted {
  kind: DatabaseKind | null;
  manifest: Manifest | null;
  password: Buffer | null;
  touched: boolean;
}

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

/**
 * Reads the archive once: the data directory and the images go straight to their places, the dump to a file,
 * the manifest and the password into memory. The database part comes first, so an archive of the other kind is
 * refused before anything is written.
 */
export async function extractArchive(archive: string, places: Places, got: Extracted): Promise<void> {
  await readTar(archive, async (entry, extractTo, readAll) => {
    const kind = kindOf(entry.path);
    if (kind && got.kind === null) {
      refuseOtherKind(kind, places.expected);
      got.kind = kind;
    }
    if (entry.path === ARCHIVE.manifest) got.manifest = JSON.parse((await readAll()).toString('utf8')) as Manifest;
    else if (entry.path === ARCHIVE.passwordFile) got.password = await readAll();
    else if (entry.path === ARCHIVE.dump) await extractTo(places.dumpFile);
    else if (kind === 'embedded-base-backup' || entry.path === ARCHIVE.storage || entry.path.startsWith(`${ARCHIVE.storage}/`)) {
      const inStorage = kind === null;
      const target = inStorage ? under(places.storageDir, ARCHIVE.storage, entry.path) : under(places.dataDir, ARCHIVE.pgdata, entry.path);
      // PostgreSQL wants its directories private; the images are public anyway.
      const mode = inStorage ? 0o755 : 0o700;
      got.touched = true;
      mkdirSync(entry.type === 'directory' ? target : path.dirname(target), { recursive: true, mode });
      if (entry.type === 'file') await extractTo(target);
    }
  });
}
