import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { encodeRendition } from '../../db/media/image-codec';
import { imageThreadNice, lowerImageThreadPriority } from '../../db/media/image-threads';
import { resolveRendition } from '../../db/media/renditions';

/** Each thread of this process: its name and nice value (/proc/self/task/<tid>/stat, field 19). */
function threads(): { tid: number; name: string; nice: number }[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      const name = readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      return [{ tid: Number(tid), name, nice: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) }];
    } catch {
      return [];
    }
  });
}

describe('image threads', () => {
  it('runs libvips’s workers below the event loop’s priority once an encode has started them', async () => {
    const master = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 80, b: 120 }, noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).webp().toBuffer();
    const avif = resolveRendition('profile', {});
    await encodeRendition(master, avif);
    // The encode itself has the threads looked at, without waiting for it.
    await vi.waitFor(() => {
      const workers = threads().filter((t) => t.name === 'libvips worker');
      expect(workers.length).toBeGreaterThan(0);
      for (const worker of workers) expect(worker.nice).toBe(imageThreadNice());
    });
    // The event loop (the thread whose id is the process id) keeps its priority.
    expect(threads().find((t) => t.tid === process.pid)?.nice).toBe(getPriority());
    // Encoding works as before at the lower priority, and a second scan changes nothing.
    expect((await encodeRendition(master, avif)).length).toBeGreaterThan(0);
    await lowerImageThreadPriority();
    expect(threads().filter((t) => t.name === 'libvips worker').every((t) => t.nice === imageThreadNice())).toBe(true);
  });
});
