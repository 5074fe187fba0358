import { readdirSync, readFileSync } from 'node:fs';
import { processCpuMicros } from '../bench/process-cpu';

function parentsAndNames(): Map<number, { ppid: number; comm: string }> {
  const all = new Map<number, { ppid: number; comm: string }>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      all.set(Number(d), { ppid, comm });
    } catch {
      // Gone meanwhile.
    }
  }
  return all;
}

/** Pids below `root` (not root itself) whose command name passes `keep`. */
export function descendants(root: number, keep: (comm: string) => boolean = () => true): number[] {
  const all = parentsAndNames();
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const [child, info] of all) {
      if (info.ppid !== pid) continue;
      if (keep(info.comm)) found.push(child);
      walk(child);
    }
  };
  walk(root);
  return found;
}

/** CPU time (µs) so far of the given processes together; those gone count 0. */
export const cpuOf = (pids: readonly number[]) => pids.reduce((sum, pid) => sum + (processCpuMicros(pid) ?? 0), 0);
