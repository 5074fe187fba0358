// CPU calibration as Chrome DevTools does it: Lighthouse's BenchmarkIndex is run in a page unthrottled, then the
// CDP throttling rate is bisected until the page scores like the target phone, whatever host runs the bench.
import type { Browser } from 'playwright-core';

/** Lighthouse's device classes: a low-tier phone (Moto G Power) and a mid-tier one (Pixel 5). */
export const LOW_TIER_INDEX = 264;
export const MID_TIER_INDEX = 1000;

// Lighthouse's computeBenchmarkIndex: string building (with GC) and an array copy (without), iterations per second / 10.
// A string, not a function: tsx's transform would add helpers the page does not have.
const BENCHMARK_INDEX = `(() => {
  const withGc = () => {
    const start = Date.now();
    let iterations = 0;
    while (Date.now() - start < 500) {
      let s = '';
      for (let j = 0; j < 10000; j++) s += 'a';
      if (s.length === 1) return 0;
      iterations++;
    }
    return Math.round(iterations / 10 / ((Date.now() - start) / 1000));
  };
  const withoutGc = () => {
    const a = [];
    const b = [];
    for (let i = 0; i < 100000; i++) a[i] = b[i] = i;
    const start = Date.now();
    let iterations = 0;
    while (iterations % 10 !== 0 || Date.now() - start < 500) {
      const src = iterations % 2 === 0 ? a : b;
      const tgt = iterations % 2 === 0 ? b : a;
      for (let j = 0; j < src.length; j++) tgt[j] = src[j];
      iterations++;
    }
    return Math.round(iterations / 10 / ((Date.now() - start) / 1000));
  };
  return (withGc() + withoutGc()) / 2;
})()`;

export interface Calibration {
  hostIndex: number;
  /** The throttling rate per target index. */
  rates: Map<number, number>;
}

const BISECT_STEPS = 7;
/** Close enough: the benchmark itself varies by a few per cent from one run to the next. */
const TOLERANCE = 0.03;

async function indexAt(browser: Browser, rate: number): Promise<number> {
  const page = await browser.newPage();
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    return (await page.evaluate(BENCHMARK_INDEX)) as number;
  } finally {
    await page.close();
  }
}

/** Bisects the rate between 1 and a bound well past the proportional guess until the page scores `target`. */
async function rateFor(browser: Browser, hostIndex: number, target: number): Promise<number> {
  if (hostIndex <= target) return 1;
  let [lo, hi] = [1, (2 * hostIndex) / target];
  let rate = hostIndex / target;
  for (let step = 0; step < BISECT_STEPS; step++) {
    const index = await indexAt(browser, rate);
    if (Math.abs(index - target) / target <= TOLERANCE) break;
    if (index > target) lo = rate;
    else hi = rate;
    rate = (lo + hi) / 2;
  }
  return Math.round(rate * 100) / 100;
}

/** The host's index (median of three) and the rate that makes it score like each target. */
export async function calibrateCpu(browser: Browser, targets: readonly number[]): Promise<Calibration> {
  const runs = [await indexAt(browser, 1), await indexAt(browser, 1), await indexAt(browser, 1)].sort((a, b) => a - b);
  const hostIndex = runs[1]!;
  const rates = new Map<number, number>();
  for (const target of targets) rates.set(target, await rateFor(browser, hostIndex, target));
  return { hostIndex, rates };
}
