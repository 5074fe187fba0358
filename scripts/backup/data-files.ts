// What of a PostgreSQL data directory a backup carries and a restore takes: the data, never the configuration or
// the control files (`*.signal`, `postmaster.*`, `tablespace_map`…). A restored directory gets a new cluster's
// configuration (restore.ts), so an archive cannot make the restored server run a command or listen elsewhere.

/** The top-level directories that hold a cluster's data (PostgreSQL 18); pg_tblspc stays empty (no tablespaces). */
const DATA_DIRS = new Set([
  'base',
  'global',
  'pg_commit_ts',
  'pg_dynshmem',
  'pg_logical',
  'pg_multixact',
  'pg_notify',
  'pg_replslot',
  'pg_serial',
  'pg_snapshots',
  'pg_stat',
  'pg_stat_tmp',
  'pg_subtrans',
  'pg_tblspc',
  'pg_twophase',
  'pg_wal',
  'pg_xact',
]);

/** The top-level files a base backup needs: the version, and the label WAL replay starts from. */
const DATA_FILES = new Set(['PG_VERSION', 'backup_label']);

/** The configuration a new cluster writes: archives made before this rule carry it; a restore skips it and writes its own. */
export const CONFIG_FILES = ['postgresql.conf', 'postgresql.auto.conf', 'pg_hba.conf', 'pg_ident.conf'] as const;

/** Whether `rel` (a path inside the data directory, '' for itself) is cluster data a restore may take. */
export function isDataPath(rel: string, type: 'file' | 'directory'): boolean {
  if (rel === '') return type === 'directory';
  const [top, ...rest] = rel.split('/');
  if (rest.length === 0) return type === 'file' ? DATA_FILES.has(top!) : DATA_DIRS.has(top!);
  return DATA_DIRS.has(top!) && top !== 'pg_tblspc';
}

export const isConfigFile = (rel: string) => (CONFIG_FILES as readonly string[]).includes(rel);
