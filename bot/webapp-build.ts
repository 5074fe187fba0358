import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../platform/logger';

export const WEBAPP_DIST = path.resolve('dist/webapp');
const SOURCES = ['webapp', 'contracts', 'scripts/precompress.ts', 'scripts/inline-boot.ts', 'package.json'];

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

function isWebappStale(dist = WEBAPP_DIST): boolean {
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.resolve(source)) > built);
}

/** A production start found no mini app build: Vite is a dev dependency, so the operator builds it beforehand. */
export class WebappBuildMissingError extends Error {}

/** In production the mini app is built beforehand (`npm run build`): without its build, start-up stops and says so. */
export function requireWebappBuild(dist = WEBAPP_DIST): void {
  if (existsSync(path.join(dist, 'index.html'))) return;
  throw new WebappBuildMissingError(
    `The mini app is not built (${path.relative(process.cwd(), dist) || dist}/index.html is missing). ` +
      'Run `npm run build` before `npm start` (it needs the dev dependencies: `npm ci && npm run build`, then `npm ci --omit=dev` if you want them gone), ' +
      'or set WEBAPP_BUILD=false on a process that serves no mini app.',
  );
}

/** Vite when installed (a dev dependency: not after `npm ci --omit=dev`). */
async function loadVite(): Promise<typeof import('vite') | null> {
  try {
    return await import('vite');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') return null;
    throw err;
  }
}

/** Builds the mini app with Vite when it is missing or older than its sources; without Vite a stale build is served as it is. */
export async function ensureWebappBuilt(logger: Logger, dist = WEBAPP_DIST): Promise<void> {
  if (!isWebappStale(dist)) return;
  const vite = await loadVite();
  if (!vite) {
    requireWebappBuild(dist);
    logger.warn('the mini app build is older than its sources and Vite is not installed: serving it as it is; run `npm run build`');
    return;
  }
  logger.info('building the mini app');
  await buildWebappForProduction(vite, dist);
}

/**
 * The mini app built for production into `outDir` (also the bundle bench's and the start-up bundle test's build):
 * always React's production build, whatever NODE_ENV the caller runs under (the test runner's 'test' would be baked in).
 */
export async function buildWebappForProduction(
  vite: typeof import('vite'),
  outDir: string,
  extra: { logLevel?: 'warn' | 'error'; plugins?: import('vite').PluginOption[] } = {},
): Promise<void> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await vite.build({
      configFile: path.resolve('webapp/vite.config.ts'),
      mode: 'production',
      logLevel: extra.logLevel ?? 'warn',
      build: { outDir, emptyOutDir: true },
      ...(extra.plugins ? { plugins: extra.plugins } : {}),
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
