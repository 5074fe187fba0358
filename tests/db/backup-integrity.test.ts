import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signatureOf } from '../../scripts/backup/integrity';
import { TarWriter } from '../../scripts/backup/tar-writer';
import { runScript } from '../support/backups';

// An archive is not trusted (docs/operations.md, "Backups"): a restore takes no PostgreSQL configuration or control files from
// it, refuses one whose sums or signature do not match, and streams with caps. Each refusal here starts nothing
// (the restore_command's marker never appears, no postmaster.pid) and leaves nothing behind. Archives are built
// with the backup's own tar writer, as an attacker with a copy could.

const root = mkdtempSync(path.join(os.tmpdir(), 'backup-integrity-'));
chmodSync(root, 0o755);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const KEY = 'k'.repeat(40);
const OTHER_KEY = 'o'.repeat(40);
const marker = path.join(root, 'restore-command-ran');
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

interface Entry {
  name: string;
  data?: Buffer;
  /** The manifest's sum for it instead of the true one (a tampered file), or false: not listed. */
  listed?: string | false;
}

const DATA: Entry[] = [
  { name: 'database' },
  { name: 'database/pgdata' },
  { name: 'database/pgdata/PG_VERSION', data: Buffer.from('18\n') },
  { name: 'database/pgdata/base' },
  { name: 'database/pgdata/base/1' },
  { name: 'database/pgdata/base/1/1259', data: Buffer.alloc(8192, 7) },
  { name: 'storage' },
  { name: 'storage/images/abc/master.webp', data: Buffer.from('RIFF....WEBP') },
];

let archives = 0;
/** An embedded-kind archive of `entries`, its manifest listing their sums, signed with `key` (unless null). */
async function archiveOf(entries: Entry[], opts: { key?: string | null; manifest?: Buffer } = {}): Promise<string> {
  const file = path.join(root, `archive-${archives++}.tar.gz`);
  const tar = new TarWriter(file);
  const files: Record<string, string> = {};
  for (const { name, data, listed } of entries) {
    if (!data) await tar.directory(name);
    else await tar.buffer(name, data);
    if (data && listed !== false) files[name] = listed ?? sha(data);
  }
  const manifest =
    opts.manifest ??
    Buffer.from(
      JSON.stringify({
        format: 2,
        createdAt: new Date().toISOString(),
        product: { name: 'tg-teen-dating', version: 'test' },
        database: { kind: 'embedded-base-backup', serverVersion: '18.0', migrations: [] },
        images: { rows: 1, files: 1, bytes: 12, storage: 'local' },
        files,
      }),
    );
  await tar.buffer('manifest.json', manifest);
  if (opts.key) await tar.buffer('manifest.json.hmac', Buffer.from(signatureOf(manifest, Buffer.from(opts.key))));
  await tar.close();
  return file;
}

let targets = 0;
/** Restores `archive` into a fresh DATA_DIR; its exit code and output, and what is left in that place. */
async function restore(archive: string, env: Record<string, string> = {}) {
  const dataDir = path.join(root, `target-${targets++}`);
  const started = performance.now();
  const run = await runScript('scripts/restore.ts', [archive], { DATABASE_URL: '', DATA_DIR: dataDir, ...env });
  const left = existsSync(dataDir) ? readdirSync(dataDir, { recursive: true }) : [];
  return { ...run, left, seconds: (performance.now() - started) / 1000, dataDir };
}

/** Refused with `message`: a failure exit, nothing started, nothing left in the target, no scratch cluster beside it. */
function expectRefused(result: Awaited<ReturnType<typeof restore>>, message: string | RegExp): void {
  expect(result.code, result.output).toBe(1);
  expect(result.output).toMatch(message);
  expect(result.output).not.toContain('replaying');
  expect(result.left).toEqual([]);
  expect(existsSync(marker)).toBe(false);
  expect(readdirSync(root).filter((name) => name.includes('new-cluster'))).toEqual([]);
}

describe('a restore takes no configuration or control files from an archive', () => {
  it('refuses a data directory with a restore_command and recovery.signal, or with configuration added', async () => {
    const command = Buffer.from(`restore_command = 'touch ${marker}'\narchive_mode = on\n`);
    const signal = await archiveOf([
      ...DATA,
      { name: 'database/pgdata/postgresql.auto.conf', data: command },
      { name: 'database/pgdata/recovery.signal', data: Buffer.alloc(0) },
    ]);
    expectRefused(await restore(signal), /database\/pgdata\/recovery\.signal, which is not data of a PostgreSQL data directory/);
    // Listed in the manifest with its true sum, as someone who rewrote the manifest would: still refused.
    const conf = await archiveOf([...DATA, { name: 'database/pgdata/postgresql.conf', data: command }]);
    expectRefused(await restore(conf), /holds PostgreSQL configuration \(database\/pgdata\/postgresql\.conf\)/);
    for (const name of ['postmaster.opts', 'standby.signal', 'tablespace_map', 'pg_tblspc/16384']) {
      const other = await archiveOf([...DATA, { name: `database/pgdata/${name}`, data: Buffer.from('x') }]);
      expectRefused(await restore(other), `database/pgdata/${name}, which is not data`);
    }
  }, 120_000);
});

describe('integrity: sums and, with BACKUP_KEY, the signature', () => {
  it('refuses an altered file and an unlisted one, by the manifest’s SHA-256 sums', async () => {
    const altered = DATA.map((e) => (e.name.endsWith('1259') ? { ...e, listed: sha(Buffer.alloc(8192, 8)) } : e));
    expectRefused(await restore(await archiveOf(altered)), /base\/1\/1259 does not match the manifest’s SHA-256/);
    const unlisted = DATA.map((e) => (e.name.endsWith('master.webp') ? { ...e, listed: false as const } : e));
    expectRefused(await restore(await archiveOf(unlisted)), /holds storage\/images\/abc\/master\.webp, which its manifest does not list/);
  }, 60_000);

  it('refuses an archive signed with another key (its files and sums changed to match) and an unsigned one', async () => {
    const env = { BACKUP_KEY: KEY };
    const signature = /signature does not match BACKUP_KEY: it was altered, or signed with another key/;
    expectRefused(await restore(await archiveOf(DATA, { key: OTHER_KEY }), env), signature);
    // The attacker's own sums, signed with a key they do not have.
    const forged = DATA.map((e) => (e.name.endsWith('1259') ? { ...e, data: Buffer.alloc(8192, 9) } : e));
    expectRefused(await restore(await archiveOf(forged, { key: OTHER_KEY }), env), signature);
    expectRefused(await restore(await archiveOf(DATA, { key: null }), env), /not signed, but BACKUP_KEY is set/);
  }, 60_000);
});

describe('extraction streams, with caps', () => {
  it('refuses a gzip bomb in an entry read whole (the manifest) without holding it in memory', async () => {
    const bomb = await archiveOf(DATA, { manifest: Buffer.alloc(256 * 1024 * 1024) });
    const result = await restore(bomb);
    expectRefused(result, /manifest\.json is 268435456 bytes, more than the 1 MiB it may be/);
  }, 60_000);

  it('refuses a file over the per-entry cap and an archive over the total, leaving nothing behind', async () => {
    const big = [...DATA, { name: 'storage/images/abc/huge.webp', data: Buffer.alloc(64 * 1024 * 1024) }];
    expectRefused(
      await restore(await archiveOf(big), { RESTORE_MAX_ENTRY_BYTES: String(16 * 1024 * 1024) }),
      /huge\.webp is 67108864 bytes, more than the 16 MiB/,
    );
    const many = [1, 2, 3].map((n) => ({ name: `storage/images/abc/part-${n}.webp`, data: Buffer.alloc(8 * 1024 * 1024, n) }));
    expectRefused(
      await restore(await archiveOf([...DATA, ...many]), { RESTORE_MAX_BYTES: String(20 * 1024 * 1024) }),
      /unpacks to more than 20 MiB \(RESTORE_MAX_BYTES\)/,
    );
  }, 60_000);
});
