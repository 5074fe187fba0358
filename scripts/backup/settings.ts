import { readdirSync } from 'node:fs';
import path from 'node:path';

/** What backup and restore act on: the same variables, with the same defaults, as the product (bot/config.ts). */
export interface BackupSettings {
  /** Set: the database is that server's (pg_dump / pg_restore); unset: the embedded server's data directory. */
  databaseUrl: string | null;
  /** The embedded server's data directory, `<DATA_DIR>/postgres`. */
  embeddedDataDir: string;
  storageDir: string;
  /** The bucket when images live in S3 (all four S3_* variables set, as the product decides). */
  s3Bucket: string | null;
}

export class UsageError extends Error {}

/** Runs a command's main and exits: 0 when it succeeds, 2 with the usage on a UsageError, 1 with the message otherwise. */
export function runCommand(name: string, usage: string, main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      if (err instanceof UsageError) console.error(`${name}: ${err.message}\n\n${usage}`);
      else console.error(`${name} failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(err instanceof UsageError ? 2 : 1);
    },
  );
}

export function settingsFrom(env: NodeJS.ProcessEnv): BackupSettings {
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new UsageError('DATABASE_URL must be a postgres:// URL');
  const dataDir = path.resolve(env.DATA_DIR ?? '.data');
  const s3 = env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY && env.S3_SECRET_KEY;
  return {
    databaseUrl,
    embeddedDataDir: path.join(dataDir, 'postgres'),
    storageDir: path.resolve(env.STORAGE_DIR ?? path.join(dataDir, 'storage')),
    s3Bucket: s3 ? env.S3_BUCKET! : null,
  };
}

const GIB = 1024 ** 3;

/** A byte count from the environment (whole bytes), or the default. */
function bytesFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n <= 0) throw new UsageError(`${name} must be a number of bytes`);
  return n;
}

/** How much a restore unpacks at most: in all (RESTORE_MAX_BYTES, 64 GiB) and per file (RESTORE_MAX_ENTRY_BYTES, 1 GiB: a relation segment). */
export function restoreCapsFrom(env: NodeJS.ProcessEnv): { maxTotalBytes: number; maxEntryBytes: number } {
  return { maxTotalBytes: bytesFrom(env, 'RESTORE_MAX_BYTES', 64 * GIB), maxEntryBytes: bytesFrom(env, 'RESTORE_MAX_ENTRY_BYTES', GIB) };
}

/** The names in a directory; none when it does not exist. */
export function entriesOf(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return [];
    throw err;
  }
}

/** Archive layout: the database part first, then the images, then the manifest (its presence marks a complete archive) and its signature. */
export const ARCHIVE = {
  pgdata: 'database/pgdata',
  passwordFile: 'database/postgres.password',
  dump: 'database/dump.pgcustom',
  storage: 'storage',
  manifest: 'manifest.json',
  /** HMAC-SHA256 of manifest.json with BACKUP_KEY, when set (integrity.ts). */
  signature: 'manifest.json.hmac',
} as const;

export interface Manifest {
  /** 2: with `files`; 1: archives made before (no sums, restored only without BACKUP_KEY). */
  format: 1 | 2;
  createdAt: string;
  product: { name: string; version: string };
  database: {
    /** `embedded-base-backup`: the embedded server's data directory (a base backup plus its WAL); `pg_dump`: a custom-format dump. */
    kind: 'embedded-base-backup' | 'pg_dump';
    serverVersion: string;
    pgDumpVersion?: string;
    migrations: string[];
  };
  images: { rows: number; files: number; bytes: number; storage: 'local' | 's3'; bucket?: string };
  /** Every other file of the archive, by its path in it → SHA-256 (format 2). */
  files: Record<string, string>;
}
