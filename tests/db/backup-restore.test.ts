import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { dropDatabase, withDatabase } from '../../platform/postgres/databases';
import { DEMO_MODERATOR_ID } from '../../db/demo/demo-people';
import { findPgTool } from '../../scripts/backup/dump';
import { openEmbeddedServer } from '../../scripts/backup/embedded';
import { api, filesOf, launch, match, runScript, sendText, tableStates } from '../support/backups';
import { startAppProcess } from '../support/processes';
import { openSocket } from '../support/ws-client';

// npm run backup while the product serves chat traffic, npm run restore into a fresh place, the product started
// on the restored data: every row committed before the backup began and every image file is there, and the
// app answers the seeded people as before. Real PostgreSQL, real files, the real scripts as child processes.

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

interface Mode {
  name: string;
  /** The product's and the scripts' environment for the source, and for the restore target. */
  source: Record<string, string>;
  target: Record<string, string>;
  /** The database the product of `env` uses (its URL), while it runs. */
  databaseUrl: (env: Record<string, string>) => Promise<string>;
}

const root = mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
// Run as root, the embedded server runs as 'postgres', which must reach the data directories inside.
chmodSync(root, 0o755);
cleanups.push(async () => rmSync(root, { recursive: true, force: true }));

const embeddedUrl = async (env: Record<string, string>) => {
  const server = await openEmbeddedServer(path.join(env.DATA_DIR!, 'postgres'));
  expect(server.startedHere).toBe(false);
  return server.url('app');
};

const embedded: Mode = {
  name: 'the embedded PostgreSQL (DATA_DIR): a base backup',
  // Empty is unset (the product's and the scripts' reading), whatever the test run's own environment says.
  // Signed and checked with BACKUP_KEY (the product itself ignores it); demo mode chosen, as the test run sets NODE_ENV.
  source: { DATABASE_URL: '', DATA_DIR: path.join(root, 'embedded-source'), BACKUP_KEY: 'b'.repeat(64), DEMO: 'true' },
  target: { DATABASE_URL: '', DATA_DIR: path.join(root, 'embedded-target'), BACKUP_KEY: 'b'.repeat(64), DEMO: 'true' },
  databaseUrl: embeddedUrl,
};

const server = inject('databaseServerUrl');
const serverMajor = async () => {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    return Math.floor(Number((await client.query<{ v: string }>(`SELECT current_setting('server_version_num') AS v`)).rows[0]!.v) / 10_000);
  } finally {
    await client.end();
  }
};
let pgDumpMissing: string | null = null;
try {
  findPgTool('pg_dump', await serverMajor());
} catch (err) {
  pgDumpMissing = (err as Error).message;
}
const suffix = randomBytes(4).toString('hex');
const external: Mode = {
  name: 'DATABASE_URL: pg_dump and pg_restore',
  source: { DATABASE_URL: withDatabase(server, `backup_src_${suffix}`), DATA_DIR: path.join(root, 'external-source'), DEMO: 'true' },
  target: { DATABASE_URL: withDatabase(server, `backup_dst_${suffix}`), DATA_DIR: path.join(root, 'external-target'), DEMO: 'true' },
  databaseUrl: async (env) => env.DATABASE_URL!,
};
cleanups.push(() => dropDatabase(server, `backup_src_${suffix}`));
cleanups.push(() => dropDatabase(server, `backup_dst_${suffix}`));

const productEnv = (env: Record<string, string>) => ({ WEBAPP_BUILD: 'false', LOG_LEVEL: 'warn', ...env });

// Notes queued at backup time are sent by the restored product's own worker, and jobs committed in the job outbox at
// backup time are moved into the job queue by the restored product's drain (db/events/job-outbox.ts).
const WRITTEN_BY_RESUMED_JOBS = new Set(['notification_marks', 'notification_deliveries', 'job_outbox']);

describe('npm run backup / npm run restore', () => {
  it('refuses bad arguments with a clear message and a non-zero exit code', async () => {
    const env = { DATABASE_URL: '', DATA_DIR: path.join(root, 'nothing') };
    const noArchive = await runScript('scripts/restore.ts', [], env);
    expect(noArchive.code).toBe(2);
    expect(noArchive.output).toContain('which archive?');
    const missing = await runScript('scripts/restore.ts', [path.join(root, 'missing.tar.gz')], env);
    expect(missing.code).toBe(2);
    expect(missing.output).toContain('is not a file');
    const unknown = await runScript('scripts/backup.ts', ['--bogus'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.output).toContain('unexpected argument: --bogus');
    const nothing = await runScript('scripts/backup.ts', ['--out', path.join(root, 'x.tar.gz')], env);
    expect(nothing.code).toBe(1);
    expect(nothing.output).toContain('no embedded database');
  }, 30_000);

  for (const mode of [embedded, external]) {
    it.skipIf(mode === external && pgDumpMissing !== null)(
      `${mode.name}: taken while chat traffic runs, restored into a fresh place, the product works on it with every row and image`,
      async () => {
        // The product, seeded: the demo people with profiles and three photos each; a chat with messages; reports and a decision.
        const source = await startAppProcess('source', productEnv(mode.source), 90_000);
        cleanups.push(() => source.kill('SIGKILL'));
        const people = ((await (await fetch(`${source.url}/dev/api/users`)).json()) as { users: unknown[] }).users.length;
        // Demo people the browser journeys match too (tests/e2e/chat-baseline.test.ts), and two more who match and report each other.
        const [a, b, c, d] = [100_011, 100_017, 100_010, 100_024];
        const chatId = await match(source, a, b);
        const otherChatId = await match(source, c, d);
        const senders = await Promise.all(
          [a, b, c, d].map(async (id, i) => {
            const socket = await openSocket(`${source.url.replace('http', 'ws')}/ws/messages`, await launch(source, id));
            cleanups.push(() => socket.close());
            return { socket, chatId: i < 2 ? chatId : otherChatId };
          }),
        );
        const sa = senders[0]!.socket;
        const seeded = Array.from({ length: 5 }, (_, i) => `before the backup ${i}`);
        for (const text of seeded) expect(await sendText(sa, chatId, text)).toBe(true);
        // A report names someone the reporter was introduced to (AMENDMENTS §5.1): here their chat partner.
        for (const [reporter, reported] of [
          [c, d],
          [d, c],
        ] as const) {
          const res = await api(source, await launch(source, reporter), 'POST', '/api/profile/report', {
            reportedUserId: reported,
            reason: 'SPAM',
          });
          expect(res.status).toBe(200);
        }
        const staff = await launch(source, DEMO_MODERATOR_ID);
        const open = await api<{ reports: Array<{ id: number }> }>(source, staff, 'GET', '/api/moderation/reports');
        expect(open.body.reports.length).toBeGreaterThanOrEqual(2);
        expect(
          (await api(source, staff, 'POST', '/api/moderation/report/action', { reportId: open.body.reports[0]!.id, action: 'REJECT' }))
            .status,
        ).toBe(200);
        const sourceUrl = await mode.databaseUrl(mode.source);
        const storageDir = path.join(mode.source.DATA_DIR!, 'storage');
        const before = await tableStates(sourceUrl);
        const filesBefore = filesOf(storageDir);
        expect(before.get('messages')!.rows.size).toBeGreaterThanOrEqual(seeded.length);
        expect(before.get('reports')!.rows.size).toBeGreaterThanOrEqual(2);
        expect(before.get('photos')!.rows.size).toBeGreaterThanOrEqual(3 * (people - 2));
        expect([...filesBefore.keys()].filter((f) => f.endsWith('master.webp')).length).toBeGreaterThanOrEqual(3 * (people - 2));

        // Traffic: the four take turns sending in their chats, each text answered before the next, for as long as the
        // backup runs (30 texts per sender per 10 s are allowed; a refused one is just not counted).
        let sending = true;
        let sentDuring = 0;
        let backupRunning = false;
        const traffic = (async () => {
          for (let i = 0; sending; i++) {
            const sender = senders[i % senders.length]!;
            const sent = await sendText(sender.socket, sender.chatId, `during the backup ${i}`);
            if (sent && backupRunning) sentDuring++;
          }
        })();
        const archive = path.join(root, `${mode === embedded ? 'embedded' : 'external'}.tar.gz`);
        backupRunning = true;
        const backup = await runScript('scripts/backup.ts', ['--out', archive], mode.source);
        backupRunning = false;
        sending = false;
        await traffic;
        expect(backup.output).not.toContain('warning');
        expect(backup.code, backup.output).toBe(0);
        expect(sentDuring).toBeGreaterThan(0);
        expect(statSync(archive).mode & 0o077).toBe(0);
        const after = await tableStates(sourceUrl);
        await source.kill();

        if (mode === embedded) {
          // With the product stopped, the backup starts the embedded server for the copy and stops it again.
          const coldArchive = path.join(root, 'cold.tar.gz');
          const cold = await runScript('scripts/backup.ts', ['--out', coldArchive], mode.source);
          expect(cold.code, cold.output).toBe(0);
          expect(cold.output).toContain('started the embedded PostgreSQL');
          expect(existsSync(path.join(mode.source.DATA_DIR!, 'postgres', 'postmaster.pid'))).toBe(false);
          // Any tar reads it.
          const listing = execFileSync('tar', ['-tzf', coldArchive], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\n');
          expect(listing).toContain('database/pgdata/PG_VERSION');
          expect(listing).toContain('database/pgdata/backup_label');
          expect(listing.slice(-3, -1)).toEqual(['manifest.json', 'manifest.json.hmac']);
          // The data only: no configuration or control files (a restore writes a new cluster's own).
          for (const name of ['postgresql.conf', 'postgresql.auto.conf', 'pg_hba.conf', 'pg_ident.conf', 'postmaster.opts'])
            expect(listing).not.toContain(`database/pgdata/${name}`);
          for (const file of filesBefore.keys()) expect(listing).toContain(`storage/${file}`);
        }
        const restore = await runScript('scripts/restore.ts', [archive], mode.target);
        expect(restore.code, restore.output).toBe(0);
        if (mode === embedded) {
          // It runs on a new cluster's configuration, written by the restore.
          const conf = readFileSync(path.join(mode.target.DATA_DIR!, 'postgres', 'postgresql.conf'), 'utf8');
          expect(conf).toContain('PostgreSQL configuration file');
          expect(conf).not.toMatch(/^\s*restore_command/m);
        }
        // A second restore into the now full place is refused, and changes nothing.
        const targetFiles = filesOf(path.join(mode.target.DATA_DIR!, 'storage'));
        const again = await runScript('scripts/restore.ts', [archive], mode.target);
        expect(again.code).toBe(2);
        expect(again.output).toContain('is not empty');
        expect(filesOf(path.join(mode.target.DATA_DIR!, 'storage'))).toEqual(targetFiles);
        const target = await startAppProcess('target', productEnv(mode.target), 90_000);
        cleanups.push(() => target.kill('SIGKILL'));
        const restored = await tableStates(await mode.databaseUrl(mode.target));

        // Every table; an untouched one exactly, one the traffic changed with every row that was there before and after.
        expect([...restored.keys()]).toEqual([...before.keys()]);
        for (const [table, was] of before) {
          const now = restored.get(table)!;
          const later = after.get(table)!;
          // Notes queued at backup time are sent by the restored product's own worker when it starts (as they should
          // be), so those two tables may gain or move rows there: every row that was there must still be.
          if (was.checksum === later.checksum && !WRITTEN_BY_RESUMED_JOBS.has(table)) {
            expect(now.checksum, table).toBe(was.checksum);
            continue;
          }
          for (const [key, hash] of was.rows) {
            if (!later.rows.has(key)) continue;
            expect(now.rows.has(key), `${table} ${key}`).toBe(true);
            if (later.rows.get(key) === hash && !WRITTEN_BY_RESUMED_JOBS.has(table))
              expect(now.rows.get(key), `${table} ${key}`).toBe(hash);
          }
        }
        expect(restored.get('messages')!.rows.size).toBeGreaterThan(before.get('messages')!.rows.size);
        // Every image file there before the backup, byte for byte, and a master for every image row.
        const restoredFiles = filesOf(path.join(mode.target.DATA_DIR!, 'storage'));
        for (const [file, hash] of filesBefore) expect(restoredFiles.get(file), file).toBe(hash);
        const client = new pg.Client({ connectionString: await mode.databaseUrl(mode.target) });
        await client.connect();
        const imageIds = (await client.query<{ id: string }>('SELECT id FROM images')).rows.map((r) => r.id);
        const photoIds = (
          await client.query<{ id: string }>('SELECT image_id AS id FROM photos WHERE owner_telegram_id = $1', [a])
        ).rows.map((r) => r.id);
        await client.end();
        expect(photoIds.length).toBe(3);
        for (const id of imageIds) expect(restoredFiles.has(path.join('images', id, 'master.webp')), id).toBe(true);

        // The app, for a seeded person: signs in, has their profile, their chat's history and their photos.
        const initData = await launch(target, a);
        expect((await api(target, initData, 'POST', '/api/telegram/validate')).status).toBe(200);
        const me = await api<{ telegramId: number; firstName: string }>(target, initData, 'GET', '/api/profile/me');
        expect(me.status).toBe(200);
        expect(me.body.telegramId).toBe(a);
        const history = await api<{ messages: Array<{ text: string | null }> }>(
          target,
          initData,
          'GET',
          `/api/messages/history?chatId=${chatId}&limit=100`,
        );
        expect(history.status).toBe(200);
        const texts = history.body.messages.map((m) => m.text);
        for (const text of seeded) expect(texts).toContain(text);
        for (const id of photoIds) {
          const image = await fetch(`${target.url}/cdn/images/${id}/profile`);
          expect(image.status).toBe(200);
          expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(100);
        }
        await target.kill();
      },
      150_000,
    );
  }
});
