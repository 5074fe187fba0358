import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeMaster, encodeRendition, encoderPool } from '../../db/media/image-codec';
import { ENCODER_NICE } from '../../db/media/encoder-pool';

/** A process's threads by id and name (Linux). */
function threadsOf(pid: number): Array<{ tid: number; name: string }> {
  return readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
    try {
      return [{ tid: Number(tid), name: readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim() }];
    } catch {
      return [];
    }
  });
}

const ENCODE_THREADS = ['libuv-worker', 'libvips worker'];

const photo = () => sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a6' } }).jpeg().toBuffer();

describe.runIf(process.platform === 'linux')('image encodes in encoder processes at a lower CPU priority', () => {
  it('runs libvips in child processes whose encode threads are at ENCODER_NICE, and leaves this process alone', async () => {
    const ownNice = getPriority();
    const input = await photo();
    const master = await encodeMaster(input);
    expect(master).toMatchObject({ width: 640, height: 480 });
    expect((await sharp(await encodeRendition(input, { width: null, maxSide: 320, quality: 80, format: 'avif' })).metadata()).format).toBe('heif');
    const pids = encoderPool.pids();
    expect(pids.length).toBeGreaterThan(0);
    expect(pids).not.toContain(process.pid);
    // The threads an encode runs on: sharp's calls (libuv's pool) and libvips's workers, both started after the
    // fork was lowered, and each process's main thread. (V8's own threads may start before the parent lowers the
    // process.) A process that took no encode yet has no libvips workers: the union over the pool has them.
    const threads = pids.flatMap((pid) => threadsOf(pid).filter((t) => t.tid === pid || ENCODE_THREADS.includes(t.name)));
    expect(new Set(threads.map((t) => t.name))).toEqual(new Set(['MainThread', ...ENCODE_THREADS]));
    expect(threads.map((t) => [t.name, getPriority(t.tid)])).toEqual(threads.map((t) => [t.name, ENCODER_NICE]));
    expect(getPriority()).toBe(ownNice);
  });

  it('forks a new encoder process when one has died', async () => {
    const input = await photo();
    await encodeMaster(input);
    const before = encoderPool.pids();
    for (const pid of before) process.kill(pid, 'SIGKILL');
    await expect.poll(() => encoderPool.pids().filter((pid) => before.includes(pid))).toEqual([]);
    expect((await encodeMaster(input)).width).toBe(640);
    const after = encoderPool.pids();
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((pid) => before.includes(pid))).toEqual([]);
    for (const pid of after) expect(getPriority(pid)).toBe(ENCODER_NICE);
  });
});
