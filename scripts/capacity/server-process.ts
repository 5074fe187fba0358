import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { START } from '../chat-load/api-process';

const ENTRY = fileURLToPath(new URL('./server-main.ts', import.meta.url));

export interface ServerProcess {
  url: string;
  pid: number;
  /** RSS and V8 heap in use, in bytes, after the child's full collections. */
  memory(): Promise<{ rss: number; heapUsed: number }>;
  kill(): Promise<void>;
}

/**
 * Starts server-main.ts (`kind` api: our API on `env.DATABASE_URL`; ws: the bare ws echo server) bundled as
 * `npm start` runs it, with --expose-gc, and resolves on its READY line. CHAT_LOAD_PROFILE=<dir> writes its --cpu-prof.
 */
export async function spawnServer(kind: 'api' | 'ws', env: Record<string, string> = {}): Promise<ServerProcess> {
  const profile = process.env.CHAT_LOAD_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.CHAT_LOAD_PROFILE] : [];
  const child = spawn(process.execPath, ['--expose-gc', ...profile, START, ENTRY], {
    env: { ...process.env, ...env, SERVER: kind },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const waiting: Array<(line: string) => boolean> = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const at = waiting.findIndex((take) => take(line));
    if (at >= 0) waiting.splice(at, 1);
  });
  const next = (prefix: string, timeoutMs: number) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${kind} server: no ${prefix} line within ${timeoutMs} ms`)), timeoutMs);
      waiting.push((line) => {
        if (!line.startsWith(prefix)) return false;
        clearTimeout(timer);
        resolve(line.slice(prefix.length).trim());
        return true;
      });
      void exited.then(() => reject(new Error(`${kind} server exited (${child.exitCode})`)));
    });
  const url = await next('READY ', 120_000);
  return {
    url,
    pid: child.pid!,
    memory: async () => {
      const answer = next('MEM ', 60_000);
      child.stdin!.write('mem\n');
      const [rss, heapUsed] = (await answer).split(' ').map(Number) as [number, number];
      return { rss, heapUsed };
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
