// The three rows a per-upload step is held to against the AVIF 1080 encode of the same upload: p50, p95 and CPU p50,
// each at most half of the encode's (screening, the face check).
import { percentile } from '../chat-load/stats';
import { benchRow, type BenchRow } from './bench-row';

export interface StepSamples {
  ms: number[];
  cpuMs: number[];
}

/** `what` names the step and its unit, e.g. 'screening per upload' or 'face check per photo'. */
export function versusAvifRows(what: string, step: StepSamples, avif: StepSamples): BenchRow[] {
  const at = (values: number[], p: number) => percentile(values, p);
  const row = (name: string, figure: number, baseline: number) => benchRow({ name, figure, baseline, unit: 'ms', maxRatio: 0.5 });
  const [subject, per] = what.split(' per ');
  return [
    row(`${what} p50 vs its AVIF 1080 encode`, at(step.ms, 50), at(avif.ms, 50)),
    row(`${what} p95 vs its AVIF 1080 encode`, at(step.ms, 95), at(avif.ms, 95)),
    row(`${subject} CPU per ${per} p50 vs the AVIF encode’s`, at(step.cpuMs, 50), at(avif.cpuMs, 50)),
  ];
}
