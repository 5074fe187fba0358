// The server's build step: bundles a server entry (bot/main.ts by default) with esbuild into dist/server/<name>.mjs,
// dependencies left external. `npm run build:server` runs it alone; `npm start` (scripts/start.mjs) runs it first and
// it does nothing while the last bundle is current. Files the code imports as assets (the launcher page) are bundled
// through esbuild's loaders, and browser scripts imported with `?script` (the launcher's) as their own minified bundle's
// text, so the bundle needs nothing beside it.
// Plain JavaScript so it runs without tsx.
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, stop } from 'esbuild';

/** Loaders for assets imported by server code; vitest.config.ts gives tests the same. */
export const ASSET_LOADERS = { '.html': 'text' };

/** Bundles a browser script and what it imports into one minified ES module: its code, and the files it was built from. */
export async function bundleBrowserScript(entry) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: true,
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  return { code: result.outputFiles[0].text, inputs: Object.keys(result.metafile.inputs).map((file) => path.resolve(file)) };
}

const SCRIPT_IMPORT = /\?script$/;

/** Server code's `import code from './x.ts?script'`: x.ts bundled for the browser, as text; its sources go to `inputs`. */
function browserScripts(inputs) {
  return {
    name: 'browser-scripts',
    setup(server) {
      server.onResolve({ filter: SCRIPT_IMPORT }, (args) => ({
        path: path.resolve(args.resolveDir, args.path.replace(SCRIPT_IMPORT, '')),
        namespace: 'browser-script',
      }));
      server.onLoad({ filter: /.*/, namespace: 'browser-script' }, async (args) => {
        const script = await bundleBrowserScript(args.path);
        for (const file of script.inputs) inputs.add(file);
        return { contents: script.code, loader: 'text', watchFiles: script.inputs };
      });
    },
  };
}

/**
 * Scripts the server starts as processes or threads of their own (found beside the running module through
 * import.meta.url), and the modules they import: copied beside the bundle as they are.
 */
export const SIDECARS = [
  'platform/media/encoder-process.mjs',
  'platform/media/idle-scheduling.mjs',
  'platform/screening/screening-process.mjs',
  'platform/screening/face-check.mjs',
  'platform/screening/folded-model.mjs',
  'platform/screening/wasm-backend.mjs',
];

/** Where the bundle of `entry` goes. */
export const bundleOf = (entry, outDir = 'dist/server') => path.resolve(outDir, `${path.basename(entry, '.ts')}.mjs`);

/** The last bundle is current when every file it was built from still exists and is not newer than it. */
function isCurrent(out, inputs) {
  if (!existsSync(out) || !existsSync(inputs)) return false;
  const built = statSync(out).mtimeMs;
  const files = JSON.parse(readFileSync(inputs, 'utf8'));
  // A sidecar added since the last build is not beside it yet.
  if (!SIDECARS.every((sidecar) => files.includes(path.resolve(sidecar)))) return false;
  return files.every((file) => existsSync(file) && statSync(file).mtimeMs <= built);
}

/** Written beside and renamed into place: processes building at once never read a half-written file. */
function writeAtomically(file, contents) {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, contents);
  renameSync(temp, file);
}

/**
 * Builds `entry` unless its last bundle is current; returns the bundle's path and whether it was built.
 * `outDir`: dist/server unless given (tests build elsewhere).
 */
export async function buildServer(entry = 'bot/main.ts', { outDir = 'dist/server' } = {}) {
  const out = bundleOf(entry, outDir);
  const inputs = `${out}.inputs.json`;
  if (isCurrent(out, inputs)) return { out, built: false };
  const scriptInputs = new Set();
  const result = await build({
    entryPoints: [entry],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    loader: ASSET_LOADERS,
    plugins: [browserScripts(scriptInputs)],
    sourcemap: true,
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  // esbuild's service process is not needed by the server it built.
  await stop();
  mkdirSync(path.dirname(out), { recursive: true });
  // The source map first, the bundle after it, then the list of inputs that makes it current.
  const files = [...result.outputFiles].sort((a, b) => Number(a.path === out) - Number(b.path === out));
  for (const file of files) writeAtomically(file.path, file.contents);
  for (const sidecar of SIDECARS) copyFileSync(sidecar, path.join(path.dirname(out), path.basename(sidecar)));
  // A browser script's own files, in place of its entry under the plugin's namespace.
  const sources = Object.keys(result.metafile.inputs).filter((file) => !file.startsWith('browser-script:'));
  writeAtomically(
    inputs,
    JSON.stringify([...['package.json', ...SIDECARS, ...sources].map((file) => path.resolve(file)), ...scriptInputs]),
  );
  return { out, built: true };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { out, built } = await buildServer(process.argv[2]);
  console.log(`${path.relative(process.cwd(), out)}: ${built ? 'built' : 'current'}`);
}
