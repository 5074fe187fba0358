// The mini app opened as Telegram opens it (launch parameters in the hash, the native webview bridge) in headless
// Chromium at 390×844: largest contentful paint and bytes before it, cold and warm under Lighthouse's mobile
// conditions and unthrottled on loopback; the median of LAUNCHES each, beside a one-line static page's LCP.
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { freePort } from '../../db/embedded-postgres';
import { percentile } from '../chat-load/stats';
import { createBenchDatabase } from './bench-database';
import { benchRow, type BenchRow } from './bench-row';
import { LOOPBACK, measureLaunch, MOBILE, phoneLaunchUrl, type Conditions, type LaunchResult } from './lcp-launch';
import { launchUrlOf, seedChat } from './lcp-seed';
import { spawnReady } from './ready-process';
import { npmStartArgs } from './startup-bench';

const LAUNCHES = Number(process.env.BENCH_LCP_LAUNCHES ?? 5);
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
// Demo users: Артём (13, Москва) is approved and has cards to see; Глеб is in his age band.
const VIEWER = 100_010;
const PEER = 100_040;
const PEER_TEXT = 'Привет! Как дела?';

interface Target {
  name: string;
  route: (chatId: string) => string;
  ready: (page: Page) => Promise<unknown>;
  /** Rows with targets; the others are printed for information. */
  limits?: { mobileCold: number; mobileWarm: number; loopbackCold: number };
}

type LcpWindow = { __lcp: { url: string }[] };
const WAIT = { timeout: 60_000, polling: 50 } as const;
const TARGETS: Target[] = [
  {
    name: 'first card',
    route: () => '/',
    // Chromium reports an image that fades in from opacity 0 some frames after it shows; wait for that entry.
    // A function, not a string: the page's CSP refuses the eval a string predicate needs.
    ready: (page) =>
      page.waitForFunction(() => (window as unknown as LcpWindow).__lcp.some((e) => e.url.startsWith('/cdn/images/')), undefined, WAIT),
    limits: { mobileCold: 2.5, mobileWarm: 1.5, loopbackCold: 1.6 },
  },
  { name: 'chat list', route: () => '/chat', ready: (page) => page.waitForSelector('a[href^="/messages/"]', WAIT) },
  { name: 'chat from a push', route: (chatId) => `/messages/${chatId}`, ready: (page) => page.getByText(PEER_TEXT).first().waitFor(WAIT) },
];

interface Samples {
  mobileCold: LaunchResult[];
  mobileWarm: LaunchResult[];
  loopbackCold: LaunchResult[];
}

async function launches(browser: Browser, open: () => Promise<string>, target: Pick<Target, 'ready'>): Promise<Samples> {
  const samples: Samples = { mobileCold: [], mobileWarm: [], loopbackCold: [] };
  const viewport = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'ru-RU' };
  const measure = async (context: Awaited<ReturnType<Browser['newContext']>>, conditions: Conditions) =>
    measureLaunch(context, await open(), conditions, target.ready);
  for (let i = 0; i < LAUNCHES; i++) {
    // A fresh context is an empty cache and storage; the second launch in it finds everything the first left.
    const context = await browser.newContext(viewport);
    samples.mobileCold.push(await measure(context, MOBILE));
    samples.mobileWarm.push(await measure(context, MOBILE));
    await context.close();
    const bare = await browser.newContext(viewport);
    samples.loopbackCold.push(await measure(bare, LOOPBACK));
    await bare.close();
  }
  return samples;
}

const median = (results: LaunchResult[], pick: (r: LaunchResult) => number) => percentile(results.map(pick), 50);
const secs = (results: LaunchResult[]) => median(results, (r) => r.lcpMs) / 1000;
const kB = (results: LaunchResult[]) => median(results, (r) => r.bytesBeforeLcp) / 1000;

function describe(name: string, samples: Samples): void {
  for (const [kind, results] of Object.entries(samples) as [keyof Samples, LaunchResult[]][]) {
    const lcps = results.map((r) => (r.lcpMs / 1000).toFixed(2)).join(', ');
    console.log(
      `lcp: ${name}, ${kind}: ${lcps} s; ${kB(results).toFixed(1)} kB before LCP; LCP element ${[...new Set(results.map((r) => r.lcpOf))].join(' | ')}`,
    );
  }
}

/** A one-line page from a bare Node server: the floor any page has under the same conditions. */
async function staticBaseline(browser: Browser): Promise<Samples> {
  const html =
    '<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head><body><h1>Орбита</h1></body></html>';
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://localhost:${(server.address() as AddressInfo).port}/`;
    return await launches(browser, async () => url, { ready: (page) => page.waitForSelector('h1') });
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

function rowsFor(target: Target, samples: Samples, base: Samples): BenchRow[] {
  const row = (kind: keyof Samples, label: string) =>
    benchRow({
      name: `${target.name} LCP, ${label}`,
      figure: secs(samples[kind]),
      baseline: secs(base[kind]),
      unit: 's',
      maxFigure: target.limits?.[kind],
    });
  const rows = [row('mobileCold', 'mobile cold'), row('mobileWarm', 'mobile warm'), row('loopbackCold', 'loopback cold')];
  if (target.limits)
    rows.push(
      benchRow({
        name: `${target.name}: bytes before LCP, mobile cold`,
        figure: kB(samples.mobileCold),
        baseline: kB(base.mobileCold),
        unit: 'kB',
      }),
    );
  return rows;
}

export async function runLcpBench(): Promise<BenchRow[]> {
  const db = await createBenchDatabase('bench_lcp');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lcp-'));
  const port = await freePort();
  const { PATH, HOME, TMPDIR, LANG } = process.env;
  // DEMO: demo mode (no BOT_TOKEN) on a DATABASE_URL is refused unless asked for.
  const env = { PATH, HOME, TMPDIR, LANG, DATABASE_URL: db.url, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', DEMO: 'true' };
  const server = await spawnReady(npmStartArgs(), { env, ready: / is ready /, timeoutMs: 600_000, quiet: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
  try {
    const baseUrl = `http://localhost:${port}`;
    const chatId = await seedChat(baseUrl, VIEWER, PEER, PEER_TEXT);
    const base = await staticBaseline(browser);
    describe('static page', base);
    const rows: BenchRow[] = [];
    for (const target of TARGETS) {
      const open = async () => phoneLaunchUrl(baseUrl, (await launchUrlOf(baseUrl, VIEWER, target.route(chatId))).url);
      const samples = await launches(browser, open, target);
      describe(target.name, samples);
      rows.push(...rowsFor(target, samples, base));
    }
    return rows;
  } finally {
    await browser.close();
    await server.kill('SIGTERM');
    await db.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
