import { readFileSync } from 'node:fs';

/**
 * A process's proportional set size now in MB (Pss in /proc/<pid>/smaps_rollup): its private pages, and each page it
 * shares with other processes divided by how many share it. Summed over a process and its children it is the memory
 * they take together, where RSS would count twice what they share (node's own code, its libraries). Null where there
 * is none (or the process is gone).
 */
export function processPssMb(pid: number | 'self'): number | null {
  try {
    const kb = /^Pss:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

/** A process's resident set size now in MB (VmRSS), shared pages counted whole; null where there is none. */
export function processRssMb(pid: number | 'self'): number | null {
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}
