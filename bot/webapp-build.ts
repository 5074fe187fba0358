import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../db/logger';

export const WEBAPP_DIST = path.resolve('dist/webapp');
const SOURCES = ['webapp', 'api/contracts', 'scripts/precompress.ts', 'scripts/inline-boot.ts', 'package.json'];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (child === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

export function isWebappStale(dist = WEBAPP_DIST): boolean {
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.resolve(source)) > built);
}

/** Builds the mini app with Vite when it is missing or older than its sources. */
export async function ensureWebappBuilt(logger: Logger, dist = WEBAPP_DIST): Promise<void> {
  if (!isWebappStale(dist)) return;
  logger.info('building the mini app');
  const { build } = await import('vite');
  // Always React's production build: under the test runner NODE_ENV is 'test', which Vite would bake in.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.resolve('webapp/vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: dist, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
