import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('./api-main.ts', import.meta.url));

export interface ApiProcess {
  url: string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** Starts scripts/chat-load/api-main.ts under node + tsx (no wrapper, so a signal hits the server itself). */
export async function spawnApi(env: { databaseUrl: string; port: number; storageDir: string }): Promise<ApiProcess> {
  const child: ChildProcess = spawn(process.execPath, [...(process.env.CHAT_LOAD_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.CHAT_LOAD_PROFILE] : []), '--import', 'tsx', ENTRY], {
    env: { ...process.env, DATABASE_URL: env.databaseUrl, PORT: String(env.port), STORAGE_DIR: env.storageDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /READY (\S+)/.exec(out);
      if (ready) resolve(ready[1]!);
    });
    child.once('exit', (code) => reject(new Error(`API process exited early (${code})`)));
  });
  return {
    url,
    kill: async (signal) => {
      child.kill(signal);
      await exited;
    },
  };
}
