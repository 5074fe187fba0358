// The mini app opened as Telegram opens it (launch parameters in the hash, the native webview bridge) in headless
// Chromium at 390×844, DPR 3: largest contentful paint and bytes before it, cold and warm on Slow 4G with the CPU
// calibrated to a low-tier phone (the targets) and a mid-tier one, and unthrottled on loopback; the median of
// LAUNCHES each, beside a one-line static page's LCP.
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { freePort } from '../../platform/postgres/embedded-postgres';
import { findChromium } from '../../tests/support/chromium';
import { createBenchDatabase } from './bench-database';
import { benchRow, type BenchRow } from './bench-row';
import { calibrateCpu, LOW_TIER_INDEX, MID_TIER_INDEX, type Calibration } from './calibrate-cpu';
import { LOOPBACK, measureLaunch, phoneConditions, phoneLaunchUrl, type Conditions, type LaunchResult } from './lcp-launch';
import { describeSamples, emptySamples, lcpRows, type Limits, type Samples } from './lcp-rows';
import { launchUrlOf, seedChat } from './lcp-seed';
import { staticTapP75, swipeTapP75 } from './swipe-tap';
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
// Whose decks the swipe row taps through, in turn: demo users aged 13–15 other than the viewer and the peer above.
const SWIPERS = [100_011, 100_012, 100_013, 100_014, 100_015, 100_016];
const SWIPE_TARGET_MS = 200;

interface Target {
  name: string;
  route: (chatId: string) => string;
  ready: (page: Page) => Promise<unknown>;
  /** Targets on the low-tier rows; the others are printed for information. */
  limits?: Limits;
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
    limits: { lowCold: 1.5, lowWarm: 1.0 },
  },
  {
    name: 'chat list',
    route: () => '/chat',
    ready: (page) => page.waitForSelector('a[href^="/messages/"]', WAIT),
    limits: { lowCold: 1.8 },
  },
  {
    name: 'chat from a push',
    route: (chatId) => `/messages/${chatId}`,
    ready: (page) => page.getByText(PEER_TEXT).first().waitFor(WAIT),
    limits: { lowCold: 1.8 },
  },
];

async function launches(browser: Browser, open: () => Promise<string>, target: Pick<Target, 'ready'>, cpu: Calibration): Promise<Samples> {
  const samples = emptySamples();
  const viewport = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'ru-RU' };
  const low = phoneConditions('low-tier', cpu.rates.get(LOW_TIER_INDEX)!);
  const mid = phoneConditions('mid-tier', cpu.rates.get(MID_TIER_INDEX)!);
  const measure = async (context: BrowserContext, conditions: Conditions) => measureLaunch(context, await open(), conditions, target.ready);
  // A fresh context is an empty cache and storage; the second launch in it finds everything the first left.
  const coldAndWarm = async (conditions: Conditions, cold: LaunchResult[], warm?: LaunchResult[]) => {
    const context = await browser.newContext(viewport);
    cold.push(await measure(context, conditions));
    if (warm) warm.push(await measure(context, conditions));
    await context.close();
  };
  for (let i = 0; i < LAUNCHES; i++) {
    await coldAndWarm(low, samples.lowCold, samples.lowWarm);
    await coldAndWarm(mid, samples.midCold, samples.midWarm);
    await coldAndWarm(LOOPBACK, samples.loopbackCold);
  }
  return samples;
}

/** A one-line page from a bare Node server: the floor any page has under the same conditions. */
async function staticBaseline(browser: Browser, cpu: Calibration): Promise<Samples> {
  const html =
    '<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head><body><h1>Орбита</h1></body></html>';
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://localhost:${(server.address() as AddressInfo).port}/`;
    return await launches(browser, async () => url, { ready: (page) => page.waitForSelector('h1') }, cpu);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

/** The tap on 'Лайк' to the next card painted, p75: the target on the low-tier phone, the mid-tier for information. */
async function swipeRows(browser: Browser, baseUrl: string, cpu: Calibration): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const devices = [
    { name: 'low-tier', index: LOW_TIER_INDEX, target: SWIPE_TARGET_MS, viewers: SWIPERS.slice(0, 3) },
    { name: 'mid-tier', index: MID_TIER_INDEX, target: undefined, viewers: SWIPERS.slice(3) },
  ];
  for (const device of devices) {
    const conditions = phoneConditions(device.name, cpu.rates.get(device.index)!);
    const base = await staticTapP75(browser, conditions);
    const figure = await swipeTapP75(browser, baseUrl, device.viewers, conditions);
    rows.push(
      benchRow({ name: `a swipe, tap to next card p75, ${device.name}`, figure, baseline: base, unit: 'ms', maxFigure: device.target }),
    );
  }
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
  const found = await findChromium();
  if (found.path === null) throw new Error(found.reason);
  const browser = await chromium.launch({
    executablePath: found.path,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  try {
    const baseUrl = `http://localhost:${port}`;
    const chatId = await seedChat(baseUrl, VIEWER, PEER, PEER_TEXT);
    // Once per run, right before the launches: a loaded host gets less throttling, so the figures stay about the phone.
    const cpu = await calibrateCpu(browser, [LOW_TIER_INDEX, MID_TIER_INDEX]);
    const rates = [...cpu.rates].map(([index, rate]) => `${index} → ${rate}×`).join(', ');
    console.log(`lcp: host CPU index ${cpu.hostIndex}; throttling ${rates}`);
    const base = await staticBaseline(browser, cpu);
    describeSamples('static page', base);
    const rows: BenchRow[] = [];
    for (const target of TARGETS) {
      const open = async () => phoneLaunchUrl(baseUrl, (await launchUrlOf(baseUrl, VIEWER, target.route(chatId))).url);
      const samples = await launches(browser, open, target, cpu);
      describeSamples(target.name, samples);
      rows.push(...lcpRows(target.name, samples, base, target.limits ?? {}, target.name === 'first card'));
    }
    rows.push(...(await swipeRows(browser, baseUrl, cpu)));
    return rows;
  } finally {
    await browser.close();
    await server.kill('SIGTERM');
    await db.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
