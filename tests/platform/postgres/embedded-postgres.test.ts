import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkPostgresCanReach,
  EmbeddedPostgresAccessError,
  isAlive,
  postgresUser,
  startEmbeddedPostgres,
} from '../../../platform/postgres/embedded-postgres';

const root = mkdtempSync(path.join(os.tmpdir(), 'pg-lifecycle-'));
// As root the server runs as 'postgres', which must reach the data directories below.
chmodSync(root, 0o755);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const postmasterPid = (dataDir: string) => Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
/** The process group of a process (field 5 of /proc/<pid>/stat, counted after the command's closing parenthesis). */
const groupOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[2]);

/** Resolves when `pid` has exited (a stopped postmaster is not our child here, so no 'exit' event to wait for). */
async function exitOf(pid: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`process ${pid} still running after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function selectOne(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one;
  } finally {
    await client.end();
  }
}

/** A node process (with tsx) running `code` after importing startEmbeddedPostgres; resolves with its exit code and output. */
function runScript(code: string): Promise<{ code: number | null; output: string }> {
  const module = path.resolve('platform/postgres/embedded-postgres.ts');
  const source = `import { startEmbeddedPostgres } from ${JSON.stringify(module)};\n${code}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.once('close', (exit) => resolve({ code: exit, output })));
}

describe('the embedded PostgreSQL', () => {
  it('runs in our process group unless asked, and a throw-away one is gone with its data when stopped', async () => {
    const dataDir = path.join(root, 'shared-group');
    const server = await startEmbeddedPostgres({ dataDir, persistent: false });
    const pid = postmasterPid(dataDir);
    try {
      expect(await selectOne(server.url('postgres'))).toBe(1);
      expect(groupOf(pid)).toBe(groupOf(process.pid));
    } finally {
      await server.stop();
    }
    expect(isAlive(pid)).toBe(false);
    expect(existsSync(dataDir)).toBe(false);
    await server.stop();
  }, 60_000);

  it('runs in a process group of its own when the caller handles Ctrl-C, and a kept one keeps its data', async () => {
    const dataDir = path.join(root, 'own-group');
    const server = await startEmbeddedPostgres({ dataDir, persistent: true, ownProcessGroup: true });
    const pid = postmasterPid(dataDir);
    try {
      expect(groupOf(pid)).toBe(pid);
      expect(await selectOne(server.url('postgres'))).toBe(1);
    } finally {
      await server.stop();
    }
    expect(isAlive(pid)).toBe(false);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);
  }, 60_000);

  it('stopped with a grace, waits for its clients to leave instead of disconnecting them', async () => {
    const server = await startEmbeddedPostgres({ dataDir: path.join(root, 'grace'), persistent: false });
    const client = new pg.Client({ connectionString: server.url('postgres') });
    const errors: Error[] = [];
    client.on('error', (err) => errors.push(err));
    await client.connect();
    let stopped = false;
    const stopping = server.stop({ graceMs: 60_000 }).then(() => (stopped = true));
    // Still served while it waits (the client's query runs), and stopped as soon as the client has gone.
    expect((await client.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
    expect(stopped).toBe(false);
    await client.end();
    await stopping;
    expect(errors).toEqual([]);
  }, 60_000);

  it('leaves a process its exit code: a failing run still exits 1 after stopping its server', async () => {
    const dataDir = path.join(root, 'failing-run');
    const run = await runScript(`
      const server = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, persistent: false });
      process.exitCode = 1;
      await server.stop();
    `);
    expect(run).toEqual({ code: 1, output: '' });
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);

  it('is stopped when a signal nothing else handles ends the process that started it, which still ends by it', async () => {
    const dataDir = path.join(root, 'signalled');
    const module = path.resolve('platform/postgres/embedded-postgres.ts');
    const source = `import { startEmbeddedPostgres } from ${JSON.stringify(module)};
      await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, persistent: true });
      console.log('READY');`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve) => child.stdout.on('data', (d: Buffer) => d.toString().includes('READY') && resolve()));
    const pid = postmasterPid(dataDir);
    const ended = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    child.kill('SIGTERM');
    expect(await ended).toBe('SIGTERM');
    await exitOf(pid);
    expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);
  }, 60_000);

  it('is stopped when the process that started it exits without stopping it', async () => {
    const dataDir = path.join(root, 'not-stopped');
    const run = await runScript(`
      await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, persistent: true, ownProcessGroup: true });
      const pid = (await import('node:fs')).readFileSync(${JSON.stringify(path.join(dataDir, 'postmaster.pid'))}, 'utf8').split('\\n')[0];
      console.log(pid);
      process.exit(3);
    `);
    expect(run.code).toBe(3);
    const pid = Number(run.output.trim());
    expect(pid).toBeGreaterThan(0);
    await exitOf(pid);
    expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);
  }, 60_000);
});

// As root the server runs as 'postgres': a checkout under /root (mode 0700) or any such parent kept it out, and
// start-up failed with a bare `spawn … initdb EACCES` or initdb's own complaint.
describe.runIf(process.getuid?.() === 0)('the embedded PostgreSQL started as root', () => {
  it('stops before running anything when the postgres user cannot enter a parent of the data directory, naming it and the fixes', async () => {
    const locked = path.join(root, 'home-like');
    mkdirSync(locked, { mode: 0o700 });
    chmodSync(locked, 0o700);
    const dataDir = path.join(locked, 'checkout', '.data', 'postgres');
    const err: unknown = await startEmbeddedPostgres({ dataDir, persistent: true }).then(
      async (server) => (await server.stop(), new Error('started')),
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(EmbeddedPostgresAccessError);
    const message = (err as Error).message;
    expect(message).toContain(`'postgres' may not enter ${locked} (mode 0700, owner uid 0)`);
    expect(message).toContain('run the product as a normal user');
    expect(message).toContain('set DATABASE_URL');
    expect(message).toContain(`chmod o+x ${locked}`);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('names the directory that hides the binaries, and lets them be reached once it may be entered', () => {
    const locked = path.join(root, 'binaries-home');
    const binary = path.join(locked, 'app', 'node_modules', 'bin', 'initdb');
    mkdirSync(path.dirname(binary), { recursive: true });
    writeFileSync(binary, '#!/bin/sh\n', { mode: 0o755 });
    chmodSync(locked, 0o700);
    const runAs = postgresUser()!;
    expect(() => checkPostgresCanReach([binary], runAs)).toThrow(`chmod o+x ${locked}`);
    chmodSync(locked, 0o701);
    expect(() => checkPostgresCanReach([binary], runAs)).not.toThrow();
  });
});
