import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../db/logger';

export const WEBAPP_DIST = path.resolve('dist/webapp');
const SOURCES = ['webapp', 'api/contracts', 'package.json'];

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
  await build({ configFile: path.resolve('webapp/vite.config.ts'), logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
}
