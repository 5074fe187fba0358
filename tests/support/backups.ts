// What tests/db/backup-restore.test.ts drives and compares: the backup scripts as child processes, every table's
// rows and every file, and the product over HTTP and its sockets.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { matchOver } from './feed-walk';
import type { AppProcess } from './processes';
import { openSocket, type TestSocket } from './ws-client';

/** Runs one of the scripts like `npm run` does; its exit code and output. */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { ...process.env, DATABASE_URL: undefined, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

export interface TableState {
  /** Each row's primary key (as text) → a hash of the whole row. */
  rows: Map<string, string>;
  checksum: string;
}

/** Every logged table of the public schema (unlogged ones are caches that come back empty, as after a crash). */
export async function tableStates(url: string): Promise<Map<string, TableState>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string; key: string | null }>(
      `SELECT c.relname AS name,
              (SELECT string_agg(format('t.%I', a.attname), ', ' ORDER BY a.attnum)
                 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
                WHERE i.indrelid = c.oid AND i.indisprimary) AS key
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relpersistence = 'p'
        ORDER BY 1`,
    );
    const states = new Map<string, TableState>();
    for (const { name, key } of tables.rows) {
      const rows = await client.query<{ k: string; h: string }>(
        `SELECT (${key ? `row(${key})` : 't'})::text AS k, md5(t::text) AS h FROM public.${client.escapeIdentifier(name)} AS t`,
      );
      const map = new Map(rows.rows.map((r) => [r.k, r.h]));
      const checksum = createHash('sha256')
        .update(
          [...map]
            .map(([k, h]) => `${k}=${h}`)
            .sort()
            .join('\n'),
        )
        .digest('hex');
      states.set(name, { rows: map, checksum });
    }
    return states;
  } finally {
    await client.end();
  }
}

/** Every file under `root` (relative path → sha256). */
export function filesOf(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
        files.set(path.relative(root, full), createHash('sha256').update(readFileSync(full)).digest('hex'));
      }
    }
  };
  walk(root);
  return files;
}

export const launch = async (app: AppProcess, userId: number) =>
  ((await (await fetch(`${app.url}/dev/api/launch/${userId}`)).json()) as { initData: string }).initData;

export async function api<T>(
  app: AppProcess,
  initData: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${app.url}${url}`, {
    method,
    headers: { Authorization: `tma ${initData}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** Sends a text and waits for the answer: true when it was sent, false when refused (the per-sender rate limit). */
export async function sendText(socket: TestSocket, chatId: string, text: string): Promise<boolean> {
  const clientId = `c-${randomBytes(6).toString('hex')}`;
  socket.send({ ch: 'messages', t: 'send', cid: clientId, data: { chatId, text, clientId } });
  const reply = await socket.next((m) => m.cid === clientId, 10_000);
  return reply.t === 'sent';
}

/** `a` finds `b` in the feed, then both like each other over the explore channel, as the app does; the chat's id. */
export async function match(app: AppProcess, a: number, b: number): Promise<string> {
  const ws = app.url.replace('http', 'ws');
  const sa = await openSocket(`${ws}/ws/likes`, await launch(app, a));
  const sb = await openSocket(`${ws}/ws/likes`, await launch(app, b));
  const chatId = await matchOver(sa, sb, a, b);
  await Promise.all([sa.close(), sb.close()]);
  return chatId;
}
