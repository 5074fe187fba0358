// Builds webapp/boot/boot.ts into one small script inlined in index.html (the server gives it the page's CSP nonce),
// and names in it the landing screens' chunks and stylesheets, which it asks for on a launch into one of them.
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { IndexHtmlTransformContext, Plugin } from 'vite';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type Chunk = Extract<Bundle[string], { type: 'chunk' }>;

// The screens a launch most often lands on (webapp/app/route-preload.ts), by the boot script's names.
// The explore screen's with the schema of start-up's first card (features/explore/lib/first-card.ts imports it).
const LANDINGS = {
  explore: /features[\\/]explore[\\/]components[\\/]explore-screen\.tsx$|[\\/]contracts[\\/]explore\.ts$/,
  chatList: /features[\\/]chat[\\/]components[\\/]chat-list-screen\.tsx$/,
  chat: /features[\\/]chat[\\/]components[\\/]chat-screen\.tsx$/,
};
type LandingAssets = Record<keyof typeof LANDINGS, { js: string[]; css: string[] }>;
// The frame the early card is drawn in (its classes must have their stylesheet too).
const FRAME = /app[\\/]layouts[\\/]mobile-layout\.tsx$/;

const cssOf = (chunk: Chunk) => [...(chunk.viteMetadata?.importedCss ?? [])];

/** A screen's chunks with their static imports, and the stylesheets of those and of the frame, less the entry's own. */
function screenAssets(bundle: Bundle, screenModule: RegExp): { js: string[]; css: string[] } {
  const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [c.fileName, ...c.imports, ...cssOf(c)]));
  const screen = chunks.filter((c) => c.moduleIds.some((id) => screenModule.test(id)));
  const reached = new Set<string>();
  const visit = (file: string) => {
    if (reached.has(file) || entry.has(file)) return;
    reached.add(file);
    byFile.get(file)?.imports.forEach(visit);
  };
  screen.forEach((c) => visit(c.fileName));
  const frame = chunks.filter((c) => c.moduleIds.some((id) => FRAME.test(id)));
  const css = new Set([...reached].flatMap((f) => cssOf(byFile.get(f)!)).concat(frame.flatMap(cssOf)));
  const url = (file: string) => `/${file}`;
  return { js: [...reached].map(url), css: [...css].filter((f) => !entry.has(f)).map(url) };
}

// What every launch's start-up imports dynamically and waits for before its first screen, outside the entry (issue
// 39's budget counts them): the schemas of start-up's answers (zod/mini with zod's core) and the frame every screen is
// drawn in.
const STARTUP_IMPORTS = [/contracts[\\/](user|onboarding-status)\.ts$/, /webapp[\\/]app[\\/]layouts[\\/]app-frame\.tsx$/];
// Loaded at once beside them but not waited for: the Telegram SDK on a launch from Telegram
// (app/startup/connect-telegram.ts), preloaded too since the app connects to Telegram right after its first screen, and
// the frame's live parts (app/layouts/frame-live.tsx: counters, notices, the socket's pushes), mounted beside it.
const STARTUP_BESIDE = [/webapp[\\/]lib[\\/]telegram[\\/]sdk-parts\.ts$/, /webapp[\\/]app[\\/]layouts[\\/]frame-live\.tsx$/];

type Chunks = Map<string, Chunk>;

const chunksOf = (bundle: Bundle): Chunks =>
  new Map(
    Object.values(bundle)
      .filter((c): c is Chunk => c.type === 'chunk')
      .map((c) => [c.fileName, c]),
  );

/** The files of `roots` and their static imports, all the way down, less `skip`. */
function reachedFrom(chunks: Chunks, roots: string[], skip: Set<string>): string[] {
  const reached = new Set<string>();
  const visit = (file: string) => {
    if (reached.has(file) || skip.has(file)) return;
    reached.add(file);
    chunks.get(file)?.imports.forEach(visit);
  };
  roots.forEach(visit);
  return [...reached];
}

const entriesOf = (chunks: Chunks) => [...chunks.values()].filter((chunk) => chunk.isEntry);

/**
 * The entry's static imports, all the way down: the page's inline script preloads them once start-up's calls have
 * left (the HTML carries none, vite.config.ts modulePreload), so they do not take a phone's six connections first.
 */
function entryPreloads(bundle: Bundle | undefined): string[] {
  if (!bundle) return [];
  const chunks = chunksOf(bundle);
  const entries = entriesOf(chunks);
  return reachedFrom(
    chunks,
    entries.flatMap((chunk) => chunk.imports),
    new Set(),
  ).map((file) => `/${file}`);
}

/**
 * Start-up's dynamic imports (`modules`) with their static ones, less the entry's: preloaded as the entry starts (on a
 * launch into explore once the early card's photo is on screen, so they do not hold its request back), not a round
 * trip later.
 */
function startupPreloads(bundle: Bundle | undefined, modules = [...STARTUP_IMPORTS, ...STARTUP_BESIDE]): string[] {
  if (!bundle) return [];
  const chunks = chunksOf(bundle);
  const entries = entriesOf(chunks);
  const skip = new Set([
    ...entries.map((chunk) => chunk.fileName),
    ...reachedFrom(
      chunks,
      entries.flatMap((chunk) => chunk.imports),
      new Set(),
    ),
  ]);
  const roots = modules.flatMap((module) => [...chunks.values()].filter((c) => c.moduleIds.some((id) => module.test(id))));
  return reachedFrom(
    chunks,
    roots.map((chunk) => chunk.fileName),
    skip,
  ).map((file) => `/${file}`);
}

/** The entry chunk's URL; the page's inline script starts it (webapp/boot/landing-assets.ts startEntry). */
function entryScript(bundle: Bundle | undefined): string | null {
  const entry = bundle && Object.values(bundle).find((c): c is Chunk => c.type === 'chunk' && c.isEntry);
  return entry ? `/${entry.fileName}` : null;
}

function landingAssets(bundle: Bundle | undefined): LandingAssets {
  const none = { js: [], css: [] };
  const of = (screen: RegExp) => (bundle ? screenAssets(bundle, screen) : none);
  return { explore: of(LANDINGS.explore), chatList: of(LANDINGS.chatList), chat: of(LANDINGS.chat) };
}

/** Where the build names the chunks start-up waits for beside the entry (scripts/bundle-size.ts counts them). */
const STARTUP_CHUNKS_FILE = '.vite/startup-chunks.json';

export function inlineBoot(entry: string): Plugin {
  return {
    name: 'inline-boot',
    generateBundle(_options, bundle) {
      const files = startupPreloads(bundle, STARTUP_IMPORTS).map((file) => file.slice(1));
      this.emitFile({ type: 'asset', fileName: STARTUP_CHUNKS_FILE, source: JSON.stringify(files) });
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const appEntry = entryScript(ctx.bundle);
        const out = await build({
          entryPoints: [path.resolve(entry)],
          bundle: true,
          write: false,
          format: 'iife',
          minify: true,
          // Russian texts as UTF-8 (the page's charset), not six-byte escapes: the script is in every HTML answer.
          charset: 'utf8',
          target: 'es2020',
          define: {
            __LANDING_ASSETS__: JSON.stringify(landingAssets(ctx.bundle)),
            __ENTRY_PRELOADS__: JSON.stringify(entryPreloads(ctx.bundle)),
            __STARTUP_PRELOADS__: JSON.stringify(startupPreloads(ctx.bundle)),
            __ENTRY__: JSON.stringify(appEntry),
          },
        });
        const code = out.outputFiles[0]!.text.trim();
        if (/<\/script/i.test(code)) throw new Error('inline-boot: the script would close its own tag');
        if (ctx.bundle) console.log(`Inline boot script: ${(gzipSync(code).length / 1000).toFixed(1)} kB gzip (in every HTML answer)`);
        // The built page names no script of its own: the inline script asks for the entry at once and starts it when
        // the landing screen allows (an early card painted first), so its evaluation does not hold that paint back.
        const entryTag =
          appEntry &&
          new RegExp(`<script type="module" crossorigin src="${appEntry.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"></script>\\s*`);
        if (entryTag && !entryTag.test(html)) throw new Error(`inline-boot: no script tag for ${appEntry} in the page`);
        // First in the head: a classic script after a stylesheet link waits for the stylesheet to arrive.
        const tags = [{ tag: 'script', attrs: { 'data-boot': true }, children: code, injectTo: 'head-prepend' as const }];
        return { html: entryTag ? html.replace(entryTag, '') : html, tags };
      },
    },
  };
}
