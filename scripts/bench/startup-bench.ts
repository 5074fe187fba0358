// `npm start` (demo mode, embedded PostgreSQL) to its ready line on a warm data directory, beside the bare Node + embedded PostgreSQL start on the same directory.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../platform/postgres/embedded-postgres';
import { percentile } from '../chat-load/stats';
import { benchRow, type BenchRow } from './bench-row';
import { spawnReady } from './ready-process';

const BASELINE = fileURLToPath(new URL('./postgres-start-main.ts', import.meta.url));
const STARTS = 3;

/** The variables `npm start` needs in demo mode and none that change its mode (DATABASE_URL, BOT_TOKEN, REDIS_URL, S3_*...). */
function demoEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  const { PATH, HOME, TMPDIR, LANG } = process.env;
  // WEBAPP_BUILD=false: the bundle benchmark has built dist/webapp; a rebuild would time Vite, not our start. A variable
  // the product reads besides PORT, LOG_LEVEL and DATA_DIR makes a start without BOT_TOKEN production-like (bot/config.ts
  // checkDemo): DEMO=true asks for the demo.
  return { PATH, HOME, TMPDIR, LANG, DATA_DIR: dataDir, PORT: String(port), WEBAPP_BUILD: 'false', LOG_LEVEL: 'warn', DEMO: 'true' };
}

/** What `npm start` runs, as node arguments: 'node X' → [X], 'tsx X' → ['--import', 'tsx', X]. */
export function npmStartArgs(): string[] {
  const script = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.start ?? '';
  const [runner, ...rest] = script.trim().split(/\s+/);
  if (runner === 'node') return rest;
  if (runner === 'tsx') return ['--import', 'tsx', ...rest];
  throw new Error(`cannot time npm start: "${script}" runs neither node nor tsx`);
}

async function timeStart(args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<number> {
  const started = await spawnReady(args, { env, ready, timeoutMs: 300_000, quiet: true });
  await started.kill('SIGTERM');
  return started.readyMs;
}

export async function runStartupBench(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
  try {
    const env = demoEnv(dataDir, await freePort());
    const app = () => timeStart(npmStartArgs(), env, / is ready /);
    const bare = () => timeStart(['--import', 'tsx', BASELINE], env, /READY/);
    const cold = await app();
    const ours: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      baseline.push(await bare());
      ours.push(await app());
    }
    const [figure, base] = [percentile(ours, 50) / 1000, percentile(baseline, 50) / 1000];
    console.log(
      `start-up (node ${npmStartArgs().join(' ')}): first (cold) ${(cold / 1000).toFixed(2)} s; warm ${ours.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s; bare Node + embedded PostgreSQL ${baseline.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s`,
    );
    return [benchRow({ name: 'npm start to ready (warm, demo) vs Node + PostgreSQL', figure, baseline: base, unit: 's', maxFigure: 5 })];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
