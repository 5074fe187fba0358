import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ImageCodec } from '../../db/media/image-codec';
import { ENCODER_NICE } from '../../platform/media/encoder-pool';
import { SCREENING_INPUT_BYTES } from '../../platform/screening/classifier';
import { NsfwClassifier } from '../../platform/screening/nsfw-classifier';

/** Linux's scheduling policies (sched.h). */
const SCHED_OTHER = 0;
const SCHED_IDLE = 5;

/** A process's threads by id, name and scheduling policy (Linux: the 41st field of the thread's stat). */
function threadsOf(pid: number): Array<{ tid: number; name: string; policy: number }> {
  return readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // The fields after the name (which may hold spaces) start with the third.
      const policy = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[41 - 3]);
      return [{ tid: Number(tid), name: readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim(), policy }];
    } catch {
      return [];
    }
  });
}

/** Each thread of `pids` as [its name, its policy]. */
const policiesOf = (pids: number[]) => pids.flatMap((pid) => threadsOf(pid).map((t) => [t.name, t.policy]));

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

  it('puts every thread of every encoder process under SCHED_IDLE, those libvips starts later too, and leaves this process alone', async () => {
    await codec.encodeMaster(await photo());
    await codec.encodeRendition(await photo(), { width: null, maxSide: 320, quality: 80, format: 'avif' });
    const pids = codec.pool.pids();
    expect(pids.length).toBeGreaterThan(0);
    const threads = policiesOf(pids);
    // Threads an encode started after the process set its policy: they inherit it.
    expect(threads.map(([name]) => name)).toEqual(expect.arrayContaining(['MainThread', ...ENCODE_THREADS]));
    expect(threads).toEqual(threads.map(([name]) => [name, SCHED_IDLE]));
    const own = policiesOf([process.pid]);
    expect(own).toEqual(own.map(([name]) => [name, SCHED_OTHER]));
  });

  it('still encodes, at ENCODER_NICE, where chrt cannot be run', async () => {
    const noTools = mkdtempSync(path.join(tmpdir(), 'no-chrt-'));
    const savedPath = process.env.PATH;
    // The encoder process is forked with this environment: its `chrt` is not found.
    process.env.PATH = noTools;
    const own = new ImageCodec();
    try {
      expect((await own.encodeMaster(await photo())).width).toBe(640);
      const [pid] = own.pool.pids();
      expect(getPriority(pid)).toBe(ENCODER_NICE);
      expect(policiesOf([pid!]).map(([, policy]) => policy)).not.toContain(SCHED_IDLE);
    } finally {
      process.env.PATH = savedPath;
      own.close();
      rmSync(noTools, { recursive: true, force: true });
    }
  });

  it('runs the screening process under SCHED_IDLE in every thread, the model loaded', async () => {
    const classifier = new NsfwClassifier();
    try {
      const scores = await classifier.classify(Buffer.alloc(SCREENING_INPUT_BYTES, 128));
      expect(Object.keys(scores).length).toBeGreaterThan(0);
      const pid = classifier.pid!;
      expect(getPriority(pid)).toBe(ENCODER_NICE);
      const threads = policiesOf([pid]);
      expect(threads.length).toBeGreaterThan(1);
      expect(threads).toEqual(threads.map(([name]) => [name, SCHED_IDLE]));
    } finally {
      await classifier.close();
    }
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
    expect(policiesOf(after).map(([, policy]) => policy)).toEqual(policiesOf(after).map(() => SCHED_IDLE));
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
