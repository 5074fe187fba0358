import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../../platform/postgres/embedded-postgres';

const root = mkdtempSync(path.join(os.tmpdir(), 'pg-password-'));
// As root the server runs as 'postgres', which must reach the data directories below.
chmodSync(root, 0o755);
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function signsIn(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const withPassword = (url: string, password: string) => Object.assign(new URL(url), { password }).toString();

describe('the embedded PostgreSQL password', () => {
  it('is generated per data directory, kept beside it with mode 0600, and reused on the next start', async () => {
    const dataDir = path.join(root, 'fresh', 'postgres');
    const first = await startEmbeddedPostgres({ dataDir, persistent: true });
    const file = path.join(root, 'fresh', 'postgres.password');
    const password = readFileSync(file, 'utf8').trim();
    try {
      expect(password.length).toBeGreaterThanOrEqual(24);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(decodeURIComponent(new URL(first.url('postgres')).password)).toBe(password);
      expect(await signsIn(withPassword(first.url('postgres'), 'postgres'))).toBe(false);
    } finally {
      await first.stop();
    }
    const second = await startEmbeddedPostgres({ dataDir, persistent: true });
    try {
      expect(await signsIn(second.url('postgres'))).toBe(true);
      expect(readFileSync(file, 'utf8').trim()).toBe(password);
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('replaces the old fixed password of a data directory made before, which still starts', async () => {
    const dataDir = path.join(root, 'legacy', 'postgres');
    mkdirSync(path.dirname(dataDir));
    // A directory as the old code made it: user 'postgres' with the password 'postgres', and no password file.
    const old = await startEmbeddedPostgres({ dataDir, persistent: true });
    const client = new pg.Client({ connectionString: old.url('postgres') });
    await client.connect();
    await client.query("ALTER USER postgres WITH PASSWORD 'postgres'");
    await client.end();
    await old.stop();
    rmSync(path.join(root, 'legacy', 'postgres.password'));
    const server = await startEmbeddedPostgres({ dataDir, persistent: true });
    try {
      const password = readFileSync(path.join(root, 'legacy', 'postgres.password'), 'utf8').trim();
      expect(password).not.toBe('postgres');
      expect(await signsIn(server.url('postgres'))).toBe(true);
      expect(await signsIn(withPassword(server.url('postgres'), 'postgres'))).toBe(false);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('is random for a throw-away server too', async () => {
    const server = await startEmbeddedPostgres({ dataDir: path.join(root, 'temp', 'data'), persistent: false });
    try {
      expect(new URL(server.url('postgres')).password).not.toBe('postgres');
      expect(await signsIn(server.url('postgres'))).toBe(true);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
