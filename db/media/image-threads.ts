import { readdir, readFile } from 'node:fs/promises';
import { getPriority, setPriority } from 'node:os';

/**
 * How much nicer than the event loop libvips's worker threads run (nice 10 for a process at 0), so that on a
 * small machine a request never waits for a core behind a photo being encoded. Encodes still take every idle core.
 */
export const IMAGE_THREAD_NICENESS = 10;

/** The nice value for libvips's workers in this process (at most 19). */
export const imageThreadNice = () => Math.min(19, getPriority() + IMAGE_THREAD_NICENESS);
const LIBVIPS_WORKER = 'libvips worker';

/** Threads already looked at (re-niced or not libvips's), by thread id. */
const seen = new Set<number>();
let scanning: Promise<void> | null = null;

async function scan(): Promise<void> {
  let tids: string[];
  try {
    tids = await readdir('/proc/self/task');
  } catch {
    return; // not Linux: threads keep the process's priority
  }
  for (const name of tids) {
    const tid = Number(name);
    if (seen.has(tid)) continue;
    seen.add(tid);
    const comm = await readFile(`/proc/self/task/${name}/comm`, 'utf8').catch(() => '');
    if (comm.trim() !== LIBVIPS_WORKER) continue;
    try {
      // On Linux a thread id addresses that one thread (setpriority, PRIO_PROCESS).
      setPriority(tid, imageThreadNice());
    } catch {
      // the thread has ended meanwhile
    }
  }
}

/**
 * Lowers the scheduling priority of libvips's worker threads, where sharp's decoding and encoding run. They are
 * started on first use, so this runs after every encode (image-codec.ts) and only looks at threads it has not
 * seen. With one photo upload a second on 2 cores, the API's p99 was 0.90–1.18× its idle p99 in the three runs
 * right after this change, against 1.08–1.57× just before (scripts/bench.ts, the upload row); later runs on the
 * same noisy VM spread from 0.99× to 2.1×, so part of the tail under uploads lies elsewhere.
 */
export function lowerImageThreadPriority(): Promise<void> {
  return (scanning ??= scan().finally(() => (scanning = null)));
}
