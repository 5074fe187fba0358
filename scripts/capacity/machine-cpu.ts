import { readFileSync } from 'node:fs';

/** Busy and total CPU time of the whole machine so far (all CPUs, clock ticks), from /proc/stat. */
export function machineCpu(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  // idle and iowait
  return { busy: total - fields[3]! - (fields[4] ?? 0), total };
}

/** The machine's busy share between two readings (0–1 over all CPUs). */
export const busyShare = (from: { busy: number; total: number }, to: { busy: number; total: number }) =>
  (to.busy - from.busy) / (to.total - from.total);
