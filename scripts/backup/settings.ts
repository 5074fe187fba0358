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

/** The names in a directory; none when it does not exist. */
export function entriesOf(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return [];
    throw err;
  }
}

/** Archive layout: the database part first, then the images, then the manifest (its presence marks a complete archive). */
export const ARCHIVE = {
  pgdata: 'database/pgdata',
  passwordFile: 'database/postgres.password',
  dump: 'database/dump.pgcustom',
  storage: 'storage',
  manifest: 'manifest.json',
} as const;

export interface Manifest {
  format: 1;
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
}
