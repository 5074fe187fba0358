import type { Orm } from '../../db/orm';
import { nextFeedProfile, type FeedViewer } from '../../db/feed/feed.repository';

export interface FeedCase {
  label: string;
  viewer: FeedViewer;
  preferLikedMe: boolean;
}

export interface Timing {
  p50: number;
  p95: number;
  /** What the last call returned, to check the exclusion really excluded. */
  last: number | null;
}

export interface CaseResult {
  label: string;
  excluded: Timing;
  baseline: Timing;
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;

/** Times `runs` feed calls with and without the seen-exclusion, interleaved so both see the same cache and load. */
export async function timeFeedCase(orm: Orm, c: FeedCase, warmup: number, runs: number): Promise<CaseResult> {
  const samples = { excluded: [] as number[], baseline: [] as number[] };
  const last: Record<keyof typeof samples, number | null> = { excluded: null, baseline: null };
  for (let i = 0; i < warmup + runs; i++) {
    for (const key of ['excluded', 'baseline'] as const) {
      const em = orm.em.fork();
      const started = performance.now();
      last[key] = await nextFeedProfile(em, c.viewer, { preferLikedMe: c.preferLikedMe, excludeSeen: key === 'excluded' });
      if (i >= warmup) samples[key].push(performance.now() - started);
    }
  }
  const timing = (key: keyof typeof samples): Timing => {
    const sorted = samples[key].sort((a, b) => a - b);
    return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), last: last[key] };
  };
  return { label: c.label, excluded: timing('excluded'), baseline: timing('baseline') };
}

export const MAX_RATIO = 3;
export const MAX_P95_MS = 30;

/** Prints one row per case: p50/p95 with and without the exclusion, the p95 ratio and the verdict. */
export function printTable(results: readonly CaseResult[]): boolean {
  const ms = (v: number) => `${v.toFixed(2)} ms`.padStart(10);
  const head = ['viewer'.padEnd(28), 'excl p50'.padStart(10), 'excl p95'.padStart(10), 'base p50'.padStart(10), 'base p95'.padStart(10), 'p95 ratio'.padStart(10), '  verdict'];
  console.log(head.join(' '));
  let allPass = true;
  for (const r of results) {
    const ratio = r.excluded.p95 / r.baseline.p95;
    const pass = ratio <= MAX_RATIO && r.excluded.p95 <= MAX_P95_MS;
    allPass &&= pass;
    console.log([r.label.padEnd(28), ms(r.excluded.p50), ms(r.excluded.p95), ms(r.baseline.p50), ms(r.baseline.p95), `${ratio.toFixed(2)}×`.padStart(10), pass ? '  PASS' : '  FAIL'].join(' '));
  }
  console.log(`target: p95 with exclusion ≤ ${MAX_RATIO}× baseline p95 and ≤ ${MAX_P95_MS} ms`);
  return allPass;
}
