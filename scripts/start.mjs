// `npm start`: bundles bot/main.ts with esbuild (dependencies stay external) and runs the bundle. Loading the
// app's few hundred modules through tsx's per-module hooks took about 2 s of a 5 s start (`npm run bench`, start-up row).
// Plain JavaScript so it runs without tsx; `node --import tsx bot/main.ts` still starts the same application.
// `node scripts/start.mjs <entry.ts>` runs another entry the same way (the benchmarks' API process: its figures are
// the bundle's, as production runs it, not tsx's).
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ENTRY = process.argv[2] ?? 'bot/main.ts';
const OUT = path.resolve('dist/server', `${path.basename(ENTRY, '.ts')}.mjs`);
const INPUTS = `${OUT}.inputs.json`;

/** The last bundle is current when every file it was built from still exists and is not newer than it. */
function isCurrent() {
  if (!existsSync(OUT) || !existsSync(INPUTS)) return false;
  const built = statSync(OUT).mtimeMs;
  const inputs = JSON.parse(readFileSync(INPUTS, 'utf8'));
  return inputs.every((file) => existsSync(file) && statSync(file).mtimeMs <= built);
}

/** Each bundled module keeps its own import.meta.url, so files read beside a source file (the launcher page) are found. */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      loader: 'ts',
    }));
  },
};

if (!isCurrent()) {
  const result = await build({
    entryPoints: [ENTRY],
    outfile: OUT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    keepNames: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [ownImportMetaUrl],
  });
  writeFileSync(INPUTS, JSON.stringify(['package.json', ...Object.keys(result.metafile.inputs)].map((file) => path.resolve(file))));
}
process.setSourceMapsEnabled(true);
await import(pathToFileURL(OUT).href);
