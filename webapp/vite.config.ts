import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { inlineBoot } from '../scripts/inline-boot';
import { precompress } from '../scripts/precompress';

const root = path.dirname(fileURLToPath(import.meta.url));

// The explore screen, the profile card and what they share with other screens in one chunk: as a dozen small shared
// chunks they took every connection of the launch, ahead of the first card's answer and its photo.
const CARD_MODULES =
  /(webapp[\\/](components[\\/](profile-card|report-dialog|ui[\\/](bottom-sheet|sheet-footer|screen-title|form-controls|visually-hidden\.module))|lib[\\/]realtime[\\/]pending-requests|features[\\/]explore[\\/](hooks|lib|components[\\/]search-settings\.module))|[\\/]contracts[\\/](privacy|reports|likes))/;
// Start-up's early request for the first card and its photo run before any route: they stay in the initial chunk.
const INITIAL = /(card-image-url|first-card|persisted-card|preload-photo)\.ts$/;
// What every launch runs before its first screen, in one chunk beside the entry rather than a dozen small shared ones
// (each a connection and a round trip on a phone's network): React, the store, and the few app modules the lazy
// screens share with the entry.
const STARTUP_MODULES = new RegExp(
  [
    String.raw`node_modules[\\/](react|react-dom|scheduler|zustand)[\\/]`,
    String.raw`webapp[\\/]lib[\\/](init-data|device-storage|telegram[\\/]sdk)\.ts$`,
    String.raw`^\0vite[\\/]preload-helper`,
    String.raw`webapp[\\/]components[\\/]ui[\\/]toast-store\.ts$`,
    String.raw`[\\/]contracts[\\/]image-renditions\.ts$`,
  ].join('|'),
);
// zod/mini's own copy of zod's core (zodMiniOwnCore below): its module ids carry this query.
const MINI_CORE = '?zod-mini-core';
// zod/mini with its own copy of zod's core (webapp/lib/zod-mini-jitless.ts, the app's `zod/mini`, jitless) and the
// schemas of start-up's answers, written in zod/mini, in one chunk outside the entry (issue 39's budget) that the page's
// inline script preloads: the answers are checked once it has come. zod classic is not in it: the screens load it.
const SCHEMA_MODULES = new RegExp(
  [
    String.raw`node_modules[\\/]zod[\\/](v4[\\/])?mini[\\/]`,
    String.raw`node_modules[\\/]zod[\\/]v4[\\/][^?]*\?zod-mini-core$`, // MINI_CORE
    String.raw`webapp[\\/]lib[\\/]zod-mini-jitless\.ts$`,
    String.raw`[\\/]contracts[\\/](user|onboarding-status|orientations)\.ts$`,
  ].join('|'),
);
const SCHEMA_GROUP = { name: 'schemas', test: (id: string) => SCHEMA_MODULES.test(id) };
// zod classic with its core, its jitless setting (webapp/lib/zod-jitless.ts, the app's `zod`) and English messages, in
// one chunk the screens' schemas share, which start-up does not wait for; the Russian locale loaded later does not split it.
const ZOD_MODULES = new RegExp(
  [
    String.raw`node_modules[\\/]zod[\\/](v4[\\/](classic[\\/]|core[\\/]|locales[\\/]en\.|index\.)|index\.)[^?]*$`,
    String.raw`webapp[\\/]lib[\\/]zod-jitless\.ts$`,
  ].join('|'),
);
const ZOD_GROUP = { name: 'zod', test: (id: string) => ZOD_MODULES.test(id) };
// The Telegram SDK in one chunk beside the entry: start-up awaits it (webapp/lib/telegram/sdk.ts) while its calls are out.
const TELEGRAM_MODULES =
  /node_modules[\\/](@tma\.js|valibot|fp-ts|better-promises|error-kid|mitt)[\\/]|webapp[\\/]lib[\\/]telegram[\\/](sdk-parts|telegram-sdk)\.ts$/;
const TELEGRAM_GROUP = { name: 'telegram', test: (id: string) => TELEGRAM_MODULES.test(id) };
// The frame every screen is drawn in (tab bar, banners, live counters, the sockets) and what it shares with the
// screens, in one chunk the page's inline script preloads: start-up imports it (app/route-preload.ts), not the entry.
// Nothing in it needs zod classic (its schemas are zod/mini's; the chat's push schemas load with the first push).
const FRAME_MODULES = new RegExp(
  [
    String.raw`webapp[\\/]app[\\/]layouts[\\/](app-frame|mobile-|bottom-nav|nav-items|page-transition|use-(?!keyboard-shortcuts))`,
    String.raw`webapp[\\/]lib[\\/](counters[\\/]unread-store|chat-path)`,
    String.raw`webapp[\\/]lib[\\/]telegram[\\/](haptics|use-vertical-swipes|use-settings-button|counted-switch|use-back-button|use-overlay-back-button|back-button-stack)`,
    String.raw`webapp[\\/]components[\\/]ui[\\/](badge|icon|format-badge)`,
  ].join('|'),
);
// The frame's live parts (app/layouts/frame-live.tsx: counters, notices, pushes over the socket, shortcuts) and the
// socket they share with the screens, in one chunk the page preloads but start-up does not wait for.
const FRAME_LIVE_MODULES = new RegExp(
  [
    String.raw`webapp[\\/]app[\\/]layouts[\\/](frame-live|use-keyboard-shortcuts)`,
    String.raw`webapp[\\/]lib[\\/](realtime[\\/](?!pending-requests)|counters[\\/](?!unread-store))`,
    String.raw`webapp[\\/]features[\\/](counters[\\/]|chat[\\/](hooks[\\/]use-(chat-list-live|message-banner)|lib[\\/]chat-(format|list-link))|likes[\\/](hooks[\\/]use-likes-notices|lib[\\/]match-notice))`,
    String.raw`webapp[\\/]components[\\/]match-view[\\/]match-moment`,
    String.raw`[\\/]contracts[\\/](realtime|socket-auth)\.ts$`,
  ].join('|'),
);
const FRAME_LIVE_GROUP = { name: 'frame-live', test: (id: string) => FRAME_LIVE_MODULES.test(id) };
const FRAME_GROUP = { name: 'app-frame', test: (id: string) => FRAME_MODULES.test(id) };
/**
 * zod/mini with a copy of zod's core of its own, tree-shaken to what zod/mini uses: one module is in one chunk, and
 * zod's core modules hold every schema zod classic builds, so start-up's schemas would wait for all of it (10 kB gzip
 * more). Both copies keep their configuration (jitless, the locale) in the one zod shares on globalThis.
 */
function zodMiniOwnCore(): Plugin {
  const mini = /node_modules[\\/]zod[\\/]v4[\\/]mini[\\/]/;
  const shared = /node_modules[\\/]zod[\\/]v4[\\/](core|locales)[\\/]/;
  return {
    name: 'zod-mini-own-core',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !(mini.test(importer) || importer.endsWith(MINI_CORE))) return null;
      const resolved = await this.resolve(
        source,
        importer.slice(0, importer.length - (importer.endsWith(MINI_CORE) ? MINI_CORE.length : 0)),
        {
          ...options,
          skipSelf: true,
        },
      );
      return resolved && shared.test(resolved.id) ? { ...resolved, id: resolved.id + MINI_CORE } : resolved;
    },
  };
}
const STARTUP_GROUP = { name: 'startup', test: (id: string) => STARTUP_MODULES.test(id) };
const CARD_GROUP = { name: 'profile-card', test: (id: string) => CARD_MODULES.test(id) && !INITIAL.test(id) };

export default defineConfig({
  root,
  base: '/',
  // Every text asset also as .br and .gz, served by koa-send (api/static.ts).
  // The page's inline script: start-up's calls and the explore screen's first card before the app's chunks (webapp/boot).
  plugins: [react(), zodMiniOwnCore(), inlineBoot(path.resolve(root, 'boot/boot.ts')), precompress()],
  // Every `zod` and `zod/mini` of the mini app and its contracts is zod configured for the page's CSP (no eval) before first use.
  resolve: {
    alias: [
      { find: /^zod$/, replacement: path.resolve(root, 'lib/zod-jitless.ts') },
      { find: /^zod\/mini$/, replacement: path.resolve(root, 'lib/zod-mini-jitless.ts') },
    ],
  },
  // Class names the plain-DOM first card (webapp/boot/early-card.ts) can name: the file's name and the class's.
  css: { modules: { generateScopedName: (name: string, file: string) => `${path.basename(file.split('?')[0]!, '.module.css')}_${name}` } },
  build: {
    outDir: path.resolve(root, '../dist/webapp'),
    emptyOutDir: true,
    sourcemap: false,
    // Which chunk is the entry, for scripts/bundle-size.ts (the page names no script: its inline script starts it).
    manifest: true,
    target: 'es2022',
    // The HTML names the entry script only: its chunks are preloaded by the page's inline script once start-up's
    // calls have left (webapp/boot), where the browser would otherwise ask for them first on a phone's six connections.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? [] : deps) },
    // One stylesheet for every screen (19 kB gzip): a launch asks for one file, not one per chunk on the way to its screen.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [STARTUP_GROUP, SCHEMA_GROUP, ZOD_GROUP, TELEGRAM_GROUP, CARD_GROUP, FRAME_GROUP, FRAME_LIVE_GROUP],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/ws': { target: 'ws://localhost:3000', ws: true }, '/cdn': 'http://localhost:3000' },
  },
});
