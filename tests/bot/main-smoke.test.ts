import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../../bot/config';
import { freePort } from '../../platform/postgres/embedded-postgres';

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The JSON log lines in a child's output (other lines, e.g. the ready line on stdout, are left out). */
function logLines(output: string): Array<Record<string, unknown>> {
  return output.split('\n').flatMap((line) => {
    try {
      return line.startsWith('{') ? [JSON.parse(line) as Record<string, unknown>] : [];
    } catch {
      return [];
    }
  });
}

/** Lines logged at warn (40), error (50) or fatal (60): read from the text, so a line cut at the slice still counts. */
const warnings = (output: string) => output.split('\n').filter((line) => /"level":[456]0[,}]/.test(line));

/** This process's environment without any of the product's configuration: a fresh machine's. */
const freshEnv = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !(CONFIG_VARIABLES as string[]).includes(k)));

/** As `npm start` runs the server (scripts/start.mjs: the bundle, built when stale). `group`: the child leads a process group of its own, as a command started in a terminal does. */
function start(
  env: Record<string, string | undefined>,
  opts: { group?: boolean } = {},
): { child: ChildProcess; output: () => string; ready: Promise<string> } {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...freshEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: opts.group,
  });
  children.push(child);
  let out = '';
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.includes('is ready'));
      if (line) resolve(line);
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
  });
  return { child, output: () => out, ready };
}

describe('npm start (scripts/start.mjs)', () => {
  it('starts in demo mode on a fresh data directory, logs its Node version, answers on its port and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'smoke-'));
    dirs.push(dataDir);
    const { child, output, ready } = start({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const line = await ready;
    expect(line).toContain(`http://localhost:${port}/dev`);
    // The Node it runs on (the one npm scripts resolve: node_modules/.bin/node, 24).
    expect(process.version).toMatch(/^v24\./);
    // Not a terminal: JSON lines (platform/logger.ts), the start line with the Node version, mode and role.
    expect(logLines(output())).toContainEqual(
      expect.objectContaining({ level: 30, msg: 'starting', node: process.version, mode: 'demo', role: 'all' }),
    );

    const validate = await fetch(`http://127.0.0.1:${port}/api/telegram/validate`, { method: 'POST' });
    expect(validate.status).toBe(401);
    const launcher = await fetch(`http://127.0.0.1:${port}/dev`);
    expect(launcher.status).toBe(200);
    // The launcher page, bundled as text by the server's build.
    expect(await launcher.text()).toContain('— демо-запуск</title>');
    // The demo signs in as anyone: it listens on this machine only.
    const outside = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal);
    if (outside) await expect(fetch(`http://${outside.address}:${port}/dev`)).rejects.toThrow();
    const users = (await (await fetch(`http://127.0.0.1:${port}/dev/api/users`)).json()) as { users: unknown[] };
    expect(users.users.length).toBeGreaterThanOrEqual(40);
    const page = await fetch(`http://127.0.0.1:${port}/explore`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('__APP_CONFIG__');

    // Ordered shutdown: the embedded PostgreSQL stops last, so nothing loses its connection on the way out.
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const logged = output().length;
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(warnings(output().slice(logged))).toEqual([]);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 120_000);

  it('stops cleanly on Ctrl-C, which a terminal sends to the whole process group', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'smoke-'));
    dirs.push(dataDir);
    const { child, output, ready } = start(
      { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEBAPP_BUILD: 'false', DEMO: 'true' },
      { group: true },
    );
    await ready;
    expect((await fetch(`http://127.0.0.1:${port}/api/telegram/validate`, { method: 'POST' })).status).toBe(401);

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const logged = output().length;
    // The embedded PostgreSQL is in a group of its own: the signal reaches only us, and we stop it last.
    process.kill(-child.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    expect(warnings(output().slice(logged))).toEqual([]);
    expect(output().slice(logged)).not.toMatch(/FATAL|terminating connection/);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 120_000);

  it('refuses a bad configuration value with a message naming the variable', async () => {
    const { child, output, ready } = start({ PORT: 'not-a-port' });
    ready.catch(() => undefined);
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).toBe(1);
    expect(output()).toContain('PORT');
  }, 30_000);

  it('refuses to start demo mode by accident: no BOT_TOKEN with HOST and ADMIN_IDS set stops start-up, naming them', async () => {
    const { child, output, ready } = start({ HOST: '0.0.0.0', ADMIN_IDS: '1' });
    ready.catch(() => undefined);
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).toBe(1);
    expect(output()).toContain('BOT_TOKEN: missing while HOST, ADMIN_IDS are set');
  }, 30_000);
});
