import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from '../../platform/postgres/embedded-postgres';

export interface AppProcess {
  name: string;
  url: string;
  child: ChildProcess;
  output: () => string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts the server as `npm start` does (scripts/start.mjs) in a child process with `env` and waits for its ready line.
 * Image screening is off unless `env` sets SCREENING: these processes test roles and delivery, and the real model's
 * verdict on the tests' generated noise images is not theirs to depend on (tests/db/screening-model.test.ts covers it).
 */
export async function startAppProcess(name: string, env: Record<string, string>, timeoutMs = 60_000): Promise<AppProcess> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, SCREENING: 'off', ...env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} not ready in ${timeoutMs} ms:\n${log}`)), timeoutMs);
    const check = () => {
      if (/is ready/.test(log)) return (clearTimeout(timer), resolve());
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`${name} exited (${code}):\n${log}`))));
  });
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => log,
    kill: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
}

/** REDIS_URL when given; otherwise a throw-away redis-server on `port` (a free one by default), or null when none is installed. */
export async function startRedis(opts: { port?: number } = {}): Promise<RedisServer | null> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, stop: async () => undefined };
  if (spawnSync('redis-server', ['--version']).status !== 0) return null;
  const port = opts.port ?? (await freePort());
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let log = '';
    child.stdout!.on('data', (d: Buffer) => ((log += d.toString()), /Ready to accept connections/.test(log) && resolve()));
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${log}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { url: `redis://127.0.0.1:${port}`, stop: async () => (child.kill('SIGTERM'), exited) };
}
