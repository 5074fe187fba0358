import { readFileSync } from 'node:fs';
import os from 'node:os';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { bundleBrowserScript } from './scripts/build-server.mjs';
import { findChromium } from './tests/support/chromium';

/** Server code imports an .html file as its text, as the server's build loads it (scripts/build-server.mjs). */
const htmlAsText: Plugin = {
  name: 'html-as-text',
  enforce: 'pre',
  load: (id) => (id.endsWith('.html') ? `export default ${JSON.stringify(readFileSync(id, 'utf8'))};` : undefined),
};

/** Server code imports a browser script with `?script` as its minified bundle's text, as the server's build does. */
const browserScripts: Plugin = {
  name: 'browser-scripts',
  enforce: 'pre',
  load: async (id) =>
    id.endsWith('?script')
      ? `export default ${JSON.stringify((await bundleBrowserScript(id.slice(0, -'?script'.length))).code)};`
      : undefined,
};
const serverAssets = [htmlAsText, browserScripts];

const server = {
  environment: 'node',
  include: ['tests/{api,bot,db,platform,fuzz}/**/*.test.ts'],
  globalSetup: ['tests/support/global-database.ts'],
  pool: 'forks',
  testTimeout: 20_000,
  hookTimeout: 60_000,
} satisfies TestProjectInlineConfiguration['test'];

const chromium = await findChromium();
// Without any browser the journeys are left out with one line saying why, rather than failing one by one.
if (chromium.path === null) console.warn(`Browser journeys (tests/e2e) skipped: ${chromium.reason}.`);

export default defineConfig({
  test: {
    // One test file per core: vitest's default leaves one core to itself (one worker on a 2-core machine), while
    // these files spend much of their time waiting on PostgreSQL, the browser and child processes.
    maxWorkers: os.availableParallelism(),
    // `npm run test:e2e` without a browser: the one line above, and no failure for finding no files.
    passWithNoTests: chromium.path === null,
    projects: [
      {
        plugins: serverAssets,
        test: {
          ...server,
          name: 'server',
          exclude: ['**/*.isolated.test.ts'],
          // Files share their worker's modules: importing the server (MikroORM, Koa, the AWS SDK…) afresh for every
          // file was half the project's time. Every file builds its own app, database rows and fake Bot API.
          isolate: false,
        },
      },
      {
        // Files that replace a module (vi.mock) need modules of their own.
        plugins: serverAssets,
        test: { ...server, name: 'server-isolated', include: ['tests/{api,bot,db,platform,fuzz}/**/*.isolated.test.ts'] },
      },
      {
        plugins: [react()],
        test: {
          name: 'webapp',
          environment: 'jsdom',
          include: ['tests/webapp/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/webapp-setup.ts', 'tests/webapp/support/startup-chunks.ts'],
          // As the server project's: a file shares the cores with the browser journeys now, and a typed form took over 5 s under load.
          testTimeout: 20_000,
        },
      },
      {
        plugins: serverAssets,
        test: {
          name: 'e2e',
          environment: 'node',
          include: chromium.path === null ? [] : ['tests/e2e/**/*.test.ts'],
          provide: { chromiumPath: chromium.path ?? '' },
          globalSetup: ['tests/support/global-database.ts', 'tests/support/global-webapp.ts'],
          pool: 'forks',
          // As in the server project: a file imports the app once per worker, not once per file; each file still
          // starts its own app over a database of its own. The files run beside the others, not after them.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
