import { fileURLToPath } from 'node:url';
import { spawnReady } from '../bench/ready-process';

/** `npm start`'s runner: builds an entry's bundle when it is stale and runs it. */
export const START = fileURLToPath(new URL('../start.mjs', import.meta.url));
const ENTRY = fileURLToPath(new URL('./api-main.ts', import.meta.url));

export interface ApiProcess {
  url: string;
  pid: number;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Starts scripts/chat-load/api-main.ts as `npm start` runs the server: bundled and run by scripts/start.mjs (under
 * tsx the same calls took a third more CPU). poolMax defaults to api-main's 20.
 */
export async function spawnApi(env: { databaseUrl: string; port: number; storageDir: string; poolMax?: number }): Promise<ApiProcess> {
  const profile = process.env.CHAT_LOAD_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.CHAT_LOAD_PROFILE] : [];
  const { match, pid, kill } = await spawnReady([...profile, START, ENTRY], {
    env: {
      ...process.env,
      DATABASE_URL: env.databaseUrl,
      PORT: String(env.port),
      STORAGE_DIR: env.storageDir,
      ...(env.poolMax ? { POOL_MAX: String(env.poolMax) } : {}),
    },
    ready: /READY (\S+)/,
  });
  return { url: match[1]!, pid, kill };
}
