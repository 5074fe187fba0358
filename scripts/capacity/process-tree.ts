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

/** CPU time (µs) so far of a process's own threads and of its children it has reaped (cutime, cstime); 0 if gone. */
function cpuWithReapedMicros(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime, stime, cutime, cstime in clock ticks of 10 ms (USER_HZ 100 on Linux).
    return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10_000;
  } catch {
    return 0;
  }
}

/**
 * CPU time (µs) so far of the PostgreSQL servers below `root`: each postmaster with the backends it has reaped, and
 * its live backends. Unlike summing the live processes, a backend that ends between two readings still counts.
 */
export function postgresCpuMicros(root: number): number {
  const all = parentsAndNames();
  const isPostgres = (pid: number) => all.get(pid)?.comm.startsWith('postgres') ?? false;
  const postmasters = descendants(root, (c) => c.startsWith('postgres')).filter((pid) => !isPostgres(all.get(pid)!.ppid));
  return postmasters.reduce((sum, pm) => sum + cpuWithReapedMicros(pm) + cpuOf(descendants(pm)), 0);
}
