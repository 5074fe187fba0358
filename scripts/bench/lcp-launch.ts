// One launch of the mini app in headless Chromium under given conditions: its largest contentful paint and the
// bytes that came over the network before it.
import type { BrowserContext, Page } from 'playwright-core';
import { LIGHT_THEME, telegramWebviewScript } from './telegram-webview';

export interface Conditions {
  name: string;
  /** Emulation.setCPUThrottlingRate; 1 = none. */
  cpuSlowdown: number;
  /** Network.emulateNetworkConditions; null = the bare loopback. */
  network: { latencyMs: number; downKbps: number; upKbps: number } | null;
}

// Lighthouse's Slow 4G: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up; the CPU as calibrated (calibrate-cpu.ts).
const SLOW_4G = { latencyMs: 150, downKbps: 1.6 * 1024, upKbps: 750 };
export const phoneConditions = (name: string, cpuSlowdown: number): Conditions => ({ name, cpuSlowdown, network: SLOW_4G });
export const LOOPBACK: Conditions = { name: 'loopback', cpuSlowdown: 1, network: null };

export interface LaunchResult {
  lcpMs: number;
  /** What the LCP element was (an image's path, or a tag name). */
  lcpOf: string;
  bytesBeforeLcp: number;
  /** The waterfall: when the first start-up call (validate) and the first card photo were requested; null if never. */
  startCallMs: number | null;
  photoMs: number | null;
}

const LCP_OBSERVER = `(() => {
  window.__lcp = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__lcp.push({ t: e.startTime, url: e.url ? new URL(e.url).pathname : '', tag: e.element ? e.element.tagName : '' });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})();`;

// Two frames and a pause after the screen is ready, so the last paint's LCP entry has been reported.
const SETTLE_MS = 300;
const SETTLED = `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, ${SETTLE_MS}))))`;

const MEASURE = `(() => {
  const last = window.__lcp[window.__lcp.length - 1];
  if (!last) return null;
  const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
  const bytes = entries.filter((e) => e.responseEnd <= last.t).reduce((sum, e) => sum + e.transferSize, 0);
  const startOf = (part) => entries.find((e) => e.name.includes(part))?.startTime ?? null;
  return { lcpMs: last.t, lcpOf: last.url || last.tag, bytesBeforeLcp: bytes, startCallMs: startOf('/api/telegram/validate'), photoMs: startOf('/cdn/images/') };
})()`;

const DIAGNOSE = `({ lcp: window.__lcp, early: document.documentElement.dataset.earlyCard ?? null, text: document.body.innerText.slice(0, 200),
  images: [...document.images].map((i) => [i.currentSrc, i.complete, i.className]) })`;

/** Telegram's launch URL for the app as it opens on a phone: light theme, Android's bridge. */
export function phoneLaunchUrl(baseUrl: string, launchUrl: string): string {
  const [path = '/', hash = ''] = launchUrl.split('#');
  const params = new URLSearchParams(hash);
  params.set('tgWebAppPlatform', 'android');
  params.set('tgWebAppThemeParams', JSON.stringify(LIGHT_THEME));
  return `${baseUrl}${path}#${params.toString()}`;
}

export async function preparePage(context: BrowserContext, conditions: Conditions): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(telegramWebviewScript(LIGHT_THEME));
  await page.addInitScript(LCP_OBSERVER);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: conditions.cpuSlowdown });
  await cdp.send('Network.enable');
  if (conditions.network) {
    const { latencyMs, downKbps, upKbps } = conditions.network;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: latencyMs,
      downloadThroughput: (downKbps * 1024) / 8,
      uploadThroughput: (upKbps * 1024) / 8,
    });
  }
  return page;
}

/** Opens `url` in a new page of `context`, waits for `ready`, and reads the LCP; the page is closed afterwards. */
export async function measureLaunch(
  context: BrowserContext,
  url: string,
  conditions: Conditions,
  ready: (page: Page) => Promise<unknown>,
): Promise<LaunchResult> {
  const page = await preparePage(context, conditions);
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await ready(page).catch(async (err: Error) => {
      // What the page showed instead: its LCP entries and images.
      const seen = await page.evaluate(DIAGNOSE).catch(() => null);
      throw new Error(`${err.message}; the page had ${JSON.stringify(seen)}`);
    });
    await page.waitForFunction(() => !document.querySelector('[role="status"][aria-live="polite"]'), undefined, { timeout: 30_000 });
    await page.evaluate(SETTLED);
    // Chromium reports the paint's entry some frames after it (seen once in a run for a chat's first message).
    await page
      .waitForFunction(() => (window as unknown as { __lcp: unknown[] }).__lcp.length > 0, undefined, { timeout: 10_000 })
      .catch(() => undefined);
    const result = (await page.evaluate(MEASURE)) as LaunchResult | null;
    if (!result) throw new Error(`no LCP entry for ${url}`);
    return result;
  } finally {
    await page.close();
  }
}
