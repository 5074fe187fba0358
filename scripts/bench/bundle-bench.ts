// Initial JS of the mini app (gzip) in a production build made for this run, so it never measures whatever
// dist/webapp a test run left behind (vitest's NODE_ENV=test makes Vite ship React's development build).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWebappForProduction, WEBAPP_DIST } from '../../bot/webapp-build';
import { INITIAL_JS_BUDGET_BYTES, measureBundle } from '../bundle-size';
import { benchRow, type BenchRow } from './bench-row';

export async function runBundleBench(): Promise<BenchRow[]> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'bench-webapp-'));
  try {
    await buildWebappForProduction(await import('vite'), outDir);
    const report = measureBundle(outDir);
    console.log(
      `bundle: initial JS ${report.initial.map((f) => `${f.file} ${(f.gzip / 1000).toFixed(1)} kB`).join(', ')}; ${report.lazy.length} lazy chunks`,
    );
    const served = existsSync(path.join(WEBAPP_DIST, '.vite', 'manifest.json')) ? measureBundle(WEBAPP_DIST).initialGzip : null;
    if (served !== null && Math.abs(served - report.initialGzip) > 1000) {
      console.log(
        `bundle: note — dist/webapp (what npm start serves now) has ${(served / 1000).toFixed(1)} kB of initial JS; it was not built for production`,
      );
    }
    return [
      benchRow({
        name: 'initial JS (gzip, production build)',
        figure: report.initialGzip / 1000,
        unit: 'kB',
        maxFigure: INITIAL_JS_BUDGET_BYTES / 1000,
      }),
    ];
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
