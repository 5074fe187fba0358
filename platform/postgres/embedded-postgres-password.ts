import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** What data directories made before passwords were generated were initialised with. */
const LEGACY_PASSWORD = 'postgres';

export const generatePassword = () => randomBytes(24).toString('base64url');

/** `.data/postgres` → `.data/postgres.password`: beside the data directory, never inside it (initdb wants it empty). */
export const passwordFileOf = (dataDir: string) => path.join(path.dirname(dataDir), `${path.basename(dataDir)}.password`);

function writeSecret(file: string, secret: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
}

const readSecret = (file: string) => readFileSync(file, 'utf8').trim();

/**
 * The password of a kept data directory: read from its file, or generated (and written first) for a directory
 * about to be initialised. Null for a directory made before passwords were generated: see replaceLegacyPassword.
 */
export function passwordFor(dataDir: string, initialised: boolean): string | null {
  const file = passwordFileOf(dataDir);
  if (existsSync(file)) return readSecret(file);
  if (initialised) return null;
  const password = generatePassword();
  writeSecret(file, password);
  return password;
}

/**
 * A data directory made with the old fixed password gets a generated one: written to a side file first, set on
 * the running server, then moved into place, so a crash in between leaves a password that still opens it.
 */
export async function replaceLegacyPassword(dataDir: string, port: number, user: string): Promise<string> {
  const file = passwordFileOf(dataDir);
  const pending = `${file}.new`;
  if (existsSync(pending) && (await canSignIn(port, user, readSecret(pending)))) {
    renameSync(pending, file);
    return readSecret(file);
  }
  const next = generatePassword();
  writeSecret(pending, next);
  const client = new pg.Client({ host: '127.0.0.1', port, user, password: LEGACY_PASSWORD, database: 'postgres' });
  await client.connect();
  try {
    await client.query(`ALTER USER ${client.escapeIdentifier(user)} WITH PASSWORD ${client.escapeLiteral(next)}`);
  } finally {
    await client.end();
  }
  renameSync(pending, file);
  rmSync(pending, { force: true });
  return next;
}

async function canSignIn(port: number, user: string, password: string): Promise<boolean> {
  const client = new pg.Client({ host: '127.0.0.1', port, user, password, database: 'postgres' });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
