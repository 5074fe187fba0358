import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { startApplication, type RunningApplication } from '../../bot/application';
import { loadConfig } from '../../bot/config';
import { freePort } from '../../platform/postgres/embedded-postgres';
import type { ImageClassifier } from '../../platform/screening/classifier';
import { createTestDatabase, type TestDatabase } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The browser vitest.config.ts found (tests/support/chromium.ts). */
    chromiumPath: string;
  }
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

export interface E2E {
  baseUrl: string;
  app: RunningApplication;
  db: TestDatabase;
  browser: Browser;
  /** A page with the mini app opened as that user with real signed initData (as the /dev launcher does). */
  openAs(userId: number, opts?: { route?: string; width?: number; height?: number }): Promise<Page>;
  /** The /dev launcher page itself. */
  openLauncher(opts?: { width?: number; height?: number }): Promise<Page>;
  screenshot(page: Page, name: string): Promise<string>;
  /** What the pages opened by openAs/openLauncher (frames included) were refused by the Content-Security-Policy. */
  cspViolations: string[];
  stop(): Promise<void>;
}

/** Reports every Content-Security-Policy refusal in the context's pages and frames into `into`. */
async function watchContentSecurity(context: BrowserContext, into: string[]): Promise<void> {
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.effectiveDirective} ${e.blockedURI}`)),
  );
  context.on('console', (message) => {
    if (/Content Security Policy|CSP violation/i.test(message.text())) into.push(`${message.location().url}: ${message.text()}`);
  });
}

/**
 * The whole product in demo mode (fake Bot API, demo data) over a database of its own, plus headless Chromium.
 * `classifier`: the image screening classifier (issue #27), e.g. markerClassifier() of tests/support/screening-double.ts
 * (pure red uploads explicit, pure yellow borderline); without it the real model screens, as in production.
 */
export async function startE2E(env: Record<string, string> = {}, opts: { classifier?: ImageClassifier } = {}): Promise<E2E> {
  const db = await createTestDatabase();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  // DEMO=true: demo mode over a DATABASE_URL is an explicit choice (bot/config.ts).
  const config = loadConfig({
    PORT: String(port),
    DATABASE_URL: db.url,
    DEMO: 'true',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    CHANNEL_HANDLE: '@orbita_news',
    ...env,
  });
  const app = await startApplication(config, { buildWebapp: false, classifier: opts.classifier });
  const browser = await chromium.launch({ executablePath: inject('chromiumPath'), args: CHROMIUM_ARGS, headless: true });
  const baseUrl = `http://localhost:${port}`;

  const cspViolations: string[] = [];
  const newPage = async (width = 390, height = 844) => {
    const context = await browser.newContext({ viewport: { width, height }, locale: 'ru-RU' });
    await watchContentSecurity(context, cspViolations);
    return context.newPage();
  };
  return {
    baseUrl,
    app,
    db,
    browser,
    cspViolations,
    openAs: async (userId, opts = {}) => {
      const res = await fetch(`${baseUrl}/dev/api/launch/${userId}?route=${encodeURIComponent(opts.route ?? '/')}`);
      const { url } = (await res.json()) as { url: string };
      const page = await newPage(opts.width, opts.height);
      await page.goto(`${baseUrl}${url}`);
      return page;
    },
    openLauncher: async (opts = {}) => {
      const page = await newPage(opts.width ?? 1400, opts.height ?? 900);
      await page.goto(`${baseUrl}/dev`);
      return page;
    },
    screenshot: async (page, name) => {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const file = path.join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path: file });
      return file;
    },
    stop: async () => {
      await browser.close();
      await app.stop();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    },
  };
}
