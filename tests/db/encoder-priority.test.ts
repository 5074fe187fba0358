import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ImageCodec } from '../../db/media/image-codec';
import { ENCODER_NICE } from '../../platform/media/encoder-pool';

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

// This file's own encoders, as each app has its own.
const codec = new ImageCodec();
afterAll(() => codec.close());

const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a6' } })
    .jpeg()
    .toBuffer();

describe.runIf(process.platform === 'linux')('image encodes in encoder processes at a lower CPU priority', () => {
  it('runs libvips in child processes whose encode threads are at ENCODER_NICE, and leaves this process alone', async () => {
    const ownNice = getPriority();
    const input = await photo();
    const master = await codec.encodeMaster(input);
    expect(master).toMatchObject({ width: 640, height: 480 });
    expect(
      (await sharp(await codec.encodeRendition(input, { width: null, maxSide: 320, quality: 80, format: 'avif' })).metadata()).format,
    ).toBe('heif');
    const pids = codec.pool.pids();
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
    await codec.encodeMaster(input);
    const before = codec.pool.pids();
    for (const pid of before) process.kill(pid, 'SIGKILL');
    await expect.poll(() => codec.pool.pids().filter((pid) => before.includes(pid))).toEqual([]);
    expect((await codec.encodeMaster(input)).width).toBe(640);
    const after = codec.pool.pids();
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((pid) => before.includes(pid))).toEqual([]);
    for (const pid of after) expect(getPriority(pid)).toBe(ENCODER_NICE);
  });

  it('ends its encoder processes on close, and forks new ones for a later encode', async () => {
    const own = new ImageCodec();
    await own.encodeMaster(await photo());
    const pids = own.pool.pids();
    expect(pids.length).toBeGreaterThan(0);
    own.close();
    await expect.poll(() => own.pool.pids()).toEqual([]);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    expect((await own.encodeMaster(await photo())).width).toBe(640);
    own.close();
  });
});
