// The manifest's SHA-256 sums and its signature (docs/operations.md, "Backups"): with BACKUP_KEY set, `npm run backup` signs the
// manifest (HMAC-SHA256 of its exact bytes) and `npm run restore` refuses an archive whose signature or sums do not
// match, before anything is started.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Manifest } from './settings';

/** BACKUP_KEY: at least 32 characters (e.g. `openssl rand -hex 32`), or none. */
export function backupKeyFrom(env: NodeJS.ProcessEnv): Buffer | null {
  const key = env.BACKUP_KEY?.trim();
  if (!key) return null;
  if (key.length < 32) throw new Error('BACKUP_KEY must be at least 32 characters (e.g. openssl rand -hex 32)');
  return Buffer.from(key, 'utf8');
}

export const signatureOf = (manifest: Buffer, key: Buffer) => createHmac('sha256', key).update(manifest).digest('hex');

/** What extraction saw of the archive: each file entry's path with its SHA-256 (null: skipped unread). */
export interface SeenArchive {
  manifestBytes: Buffer | null;
  signature: string | null;
  files: Map<string, string | null>;
  /** PostgreSQL configuration files the archive held, skipped (only archives made before format 2 carry any). */
  skippedConfig: string[];
}

/** Refuses an archive whose signature does not match `key` (when set). */
function checkSignature(seen: SeenArchive, key: Buffer | null): void {
  if (!key) {
    if (seen.signature) console.warn('warning: the archive is signed, but BACKUP_KEY is not set: its signature is not checked');
    return;
  }
  if (!seen.signature) throw new Error('the archive is not signed, but BACKUP_KEY is set: only archives signed with that key are restored');
  const expected = Buffer.from(signatureOf(seen.manifestBytes!, key), 'utf8');
  const given = Buffer.from(seen.signature.trim(), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new Error('the archive’s signature does not match BACKUP_KEY: it was altered, or signed with another key; nothing was restored');
  }
}

/** Refuses an archive whose files are not exactly those its manifest lists, each with its sum. */
function checkSums(seen: SeenArchive, listed: Record<string, string>): void {
  for (const [file, sum] of seen.files) {
    if (!(file in listed))
      throw new Error(`the archive holds ${file}, which its manifest does not list: it was altered; nothing was restored`);
    if (sum !== listed[file])
      throw new Error(`${file} does not match the manifest’s SHA-256: the archive was altered or damaged; nothing was restored`);
  }
  const missing = Object.keys(listed).filter((file) => !seen.files.has(file));
  if (missing.length > 0)
    throw new Error(`the archive lacks ${missing[0]}, which its manifest lists: it is incomplete; nothing was restored`);
}

/** The archive checked against its manifest (and signature): before any database is created or started. */
export function verifyArchive(seen: SeenArchive, manifest: Manifest, key: Buffer | null): void {
  checkSignature(seen, key);
  if (manifest.format === 1) {
    if (key) throw new Error('the archive was made before archives carried checksums: restore it with BACKUP_KEY unset');
    console.warn('warning: the archive was made before archives carried checksums: its files are not checked');
    return;
  }
  if (seen.skippedConfig.length > 0) {
    throw new Error(
      `the archive holds PostgreSQL configuration (${seen.skippedConfig.join(', ')}), which npm run backup never writes: it was altered, and a restore never takes configuration from an archive; nothing was restored`,
    );
  }
  if (typeof manifest.files !== 'object' || manifest.files === null)
    throw new Error('the archive’s manifest lists no files: it is damaged');
  checkSums(seen, manifest.files);
}
