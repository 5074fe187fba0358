// The LCP bench's printout and rows: each launch kind's figures, its waterfall (medians), and rows against targets.
import { percentile } from '../chat-load/stats';
import { benchRow, type BenchRow } from './bench-row';
import type { LaunchResult } from './lcp-launch';

/** Low tier: the target rows; mid tier and the bare loopback: information. */
export interface Samples {
  lowCold: LaunchResult[];
  lowWarm: LaunchResult[];
  midCold: LaunchResult[];
  midWarm: LaunchResult[];
  loopbackCold: LaunchResult[];
}
export type Limits = Partial<Record<keyof Samples, number>>;

export const emptySamples = (): Samples => ({ lowCold: [], lowWarm: [], midCold: [], midWarm: [], loopbackCold: [] });

const LABELS: Record<keyof Samples, string> = {
  lowCold: 'low-tier cold',
  lowWarm: 'low-tier warm',
  midCold: 'mid-tier cold',
  midWarm: 'mid-tier warm',
  loopbackCold: 'loopback cold',
};

const median = (results: LaunchResult[], pick: (r: LaunchResult) => number) => percentile(results.map(pick), 50);
const secs = (results: LaunchResult[]) => median(results, (r) => r.lcpMs) / 1000;
const kB = (results: LaunchResult[]) => median(results, (r) => r.bytesBeforeLcp) / 1000;
const at = (results: LaunchResult[], pick: (r: LaunchResult) => number | null) => {
  const times = results.map(pick).filter((t): t is number => t !== null);
  return times.length ? `${(percentile(times, 50) / 1000).toFixed(2)} s` : '—';
};

export function describeSamples(name: string, samples: Samples): void {
  for (const [kind, results] of Object.entries(samples) as [keyof Samples, LaunchResult[]][]) {
    const lcps = results.map((r) => (r.lcpMs / 1000).toFixed(2)).join(', ');
    const elements = [...new Set(results.map((r) => r.lcpOf))].join(' | ');
    console.log(`lcp: ${name}, ${LABELS[kind]}: ${lcps} s; ${kB(results).toFixed(1)} kB before LCP; LCP element ${elements}`);
    const waterfall = `start-up call sent ${at(results, (r) => r.startCallMs)}, photo asked for ${at(results, (r) => r.photoMs)}`;
    console.log(`lcp: ${name}, ${LABELS[kind]} waterfall (medians): ${waterfall}, LCP ${secs(results).toFixed(2)} s`);
  }
}

export function lcpRows(name: string, samples: Samples, base: Samples, limits: Limits, withBytes: boolean): BenchRow[] {
  const rows = (Object.keys(LABELS) as (keyof Samples)[]).map((kind) =>
    benchRow({
      name: `${name} LCP, ${LABELS[kind]}`,
      figure: secs(samples[kind]),
      baseline: secs(base[kind]),
      unit: 's',
      maxFigure: limits[kind],
    }),
  );
  if (withBytes) {
    const figure = kB(samples.lowCold);
    rows.push(benchRow({ name: `${name}: bytes before LCP, cold`, figure, baseline: kB(base.lowCold), unit: 'kB' }));
  }
  return rows;
}
