// Reports the gzip size of the mini app's initial JavaScript (what the page runs before any lazy route) and fails over budget.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// Issue 39's budget (it reached 100.9 kB: start-up's schemas with zod, the Telegram SDK and the app frame load beside the entry).
export const INITIAL_JS_BUDGET_BYTES = 110 * 1000;

export interface BundleReport {
  initial: { file: string; gzip: number }[];
  lazy: { file: string; gzip: number }[];
  initialGzip: number;
}

const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

// A chunk's static imports in the minified output (`import{…}from"./x.js"`, `import"./x.js"`), not `import("./x.js")`.
const STATIC_IMPORT = /(?:from|import)\s*["']\.\/([^"']+\.js)["']/g;

type Manifest = Record<string, { file: string; isEntry?: boolean }>;

/**
 * Initial JS = the entry script and every chunk it imports statically, all the way down (what runs before any lazy
 * route). The entry is named by the build's manifest (vite.config.ts build.manifest): the page's inline script starts it.
 */
export function measureBundle(distDir: string): BundleReport {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entries = Object.values(manifest)
    .filter((chunk) => chunk.isEntry)
    .map((chunk) => path.normalize(chunk.file));
  const initialFiles = new Set<string>();
  const visit = (file: string) => {
    if (initialFiles.has(file)) return;
    initialFiles.add(file);
    const code = readFileSync(path.join(distDir, file), 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT)) visit(path.join(path.dirname(file), m[1] ?? ''));
  };
  entries.forEach(visit);
  const assets = readdirSync(path.join(distDir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join('assets', f));
  const sized = (file: string) => ({ file, gzip: gzipSize(path.join(distDir, file)) });
  const initial = [...initialFiles].map(sized);
  const lazy = assets.filter((f) => !initialFiles.has(f)).map(sized);
  return { initial, lazy, initialGzip: initial.reduce((sum, f) => sum + f.gzip, 0) };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function main(): void {
  const report = measureBundle(path.resolve(process.argv[2] ?? 'dist/webapp'));
  for (const f of report.initial) console.log(`  initial  ${f.file}  ${kb(f.gzip)} gzip`);
  for (const f of report.lazy) console.log(`  lazy     ${f.file}  ${kb(f.gzip)} gzip`);
  const verdict = report.initialGzip <= INITIAL_JS_BUDGET_BYTES ? 'within' : 'OVER';
  console.log(`Initial JS: ${kb(report.initialGzip)} gzip (${verdict} the ${kb(INITIAL_JS_BUDGET_BYTES)} budget)`);
  if (verdict === 'OVER') process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) main();
