import { readFileSync } from 'node:fs';

/** A process's resident memory now (VmRSS) in MB, from /proc; null where there is none (or it is gone). */
export function processRssMb(pid: number): number | null {
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}
