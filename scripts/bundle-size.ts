// Reports the gzip size of the mini app's initial JavaScript and fails over budget. Two figures: the entry with its
// static imports, and start-up's JavaScript: that plus the chunks start-up imports dynamically and waits for before
// its first screen (start-up's schemas with zod, the app frame; scripts/inline-boot.ts STARTUP_IMPORTS names them).
// The budget holds start-up's figure: moving code out of the entry into a chunk start-up waits for saves nothing.
// The Telegram SDK is not counted: preloaded beside them, it is not waited for on a launch from Telegram (the app
// connects when it arrives, app/startup/connect-telegram.ts), and no module on start-up's path imports it statically.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// Issue 39's budget for start-up's JavaScript: 110 kB (109.7 kB when set: the entry 97.3 kB with React 69.4 and the
// router 13.8, start-up's schemas in zod/mini 7.6, the frame 4.7; the Telegram SDK, the frame's live parts and the
// rarer gates' screens load beside or after the first screen).
export const INITIAL_JS_BUDGET_BYTES = 110 * 1000;
// scripts/inline-boot.ts STARTUP_CHUNKS_FILE (not imported: that module loads esbuild and vite).
const STARTUP_CHUNKS_FILE = path.join('.vite', 'startup-chunks.json');

export interface BundleReport {
  initial: { file: string; gzip: number }[];
  lazy: { file: string; gzip: number }[];
  /** The entry and its static imports, and the chunks start-up waits for beside them. */
  entryGzip: number;
  initialGzip: number;
}

const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

// A chunk's static imports in the minified output (`import{…}from"./x.js"`, `import"./x.js"`), not `import("./x.js")`.
const STATIC_IMPORT = /(?:from|import)\s*["']\.\/([^"']+\.js)["']/g;

type Manifest = Record<string, { file: string; isEntry?: boolean }>;

/**
 * Initial JS = the entry script and every chunk it imports statically, all the way down, and the chunks start-up waits
 * for beside them with theirs (what runs before any screen). The entry is named by the build's manifest
 * (vite.config.ts build.manifest): the page's inline script starts it.
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
  const entryFiles = new Set(initialFiles);
  const startupList = path.join(distDir, STARTUP_CHUNKS_FILE);
  if (existsSync(startupList)) (JSON.parse(readFileSync(startupList, 'utf8')) as string[]).forEach((file) => visit(path.normalize(file)));
  const assets = readdirSync(path.join(distDir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join('assets', f));
  const sized = (file: string) => ({ file, gzip: gzipSize(path.join(distDir, file)) });
  const initial = [...initialFiles].map(sized);
  const lazy = assets.filter((f) => !initialFiles.has(f)).map(sized);
  const total = (files: { file: string; gzip: number }[]) => files.reduce((sum, f) => sum + f.gzip, 0);
  return { initial, lazy, entryGzip: total(initial.filter((f) => entryFiles.has(f.file))), initialGzip: total(initial) };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function main(): void {
  const report = measureBundle(path.resolve(process.argv[2] ?? 'dist/webapp'));
  for (const f of report.initial) console.log(`  initial  ${f.file}  ${kb(f.gzip)} gzip`);
  for (const f of report.lazy) console.log(`  lazy     ${f.file}  ${kb(f.gzip)} gzip`);
  const verdict = report.initialGzip <= INITIAL_JS_BUDGET_BYTES ? 'within' : 'OVER';
  console.log(
    `Initial JS: ${kb(report.initialGzip)} gzip (${verdict} the ${kb(INITIAL_JS_BUDGET_BYTES)} budget; the entry and its imports ${kb(report.entryGzip)}, the chunks start-up waits for ${kb(report.initialGzip - report.entryGzip)})`,
  );
  if (verdict === 'OVER') process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) main();
