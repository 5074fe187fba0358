import { describe, expect, it } from 'vitest';
import { EncodeLanes, type EncodePriority } from '../../../platform/media/encode-lanes';

/** An encode that runs until `finish()`; `started` tells whether it got a lane. */
function heldEncode(lanes: EncodeLanes, priority: EncodePriority, log: string[], name: string) {
  let finish!: () => void;
  const gate = new Promise<void>((resolve) => (finish = resolve));
  const state = { started: false, finish, done: undefined as unknown as Promise<void> };
  state.done = lanes.run(priority, async () => {
    state.started = true;
    log.push(name);
    await gate;
  });
  return state;
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('encode lanes', () => {
  it('starts an upload at once while every shared lane is busy with renditions and more renditions wait', async () => {
    const lanes = new EncodeLanes(1);
    const log: string[] = [];
    const running = heldEncode(lanes, 'rendition', log, 'r1');
    const queued = [2, 3, 4, 5].map((n) => heldEncode(lanes, 'rendition', log, `r${n}`));
    await flush();
    expect(lanes.waiting()).toEqual({ upload: 0, rendition: 4 });
    const upload = heldEncode(lanes, 'upload', log, 'u1');
    await flush();
    expect(upload.started).toBe(true);
    expect(log).toEqual(['r1', 'u1']);
    upload.finish();
    await upload.done;
    running.finish();
    for (const r of queued) {
      await flush();
      r.finish();
    }
    await Promise.all(queued.map((r) => r.done));
    expect(log).toEqual(['r1', 'u1', 'r2', 'r3', 'r4', 'r5']);
  });

  it('gives a freed lane to a waiting upload before any waiting rendition; renditions never take the upload lane', async () => {
    const lanes = new EncodeLanes(1);
    const log: string[] = [];
    const r1 = heldEncode(lanes, 'rendition', log, 'r1');
    const u1 = heldEncode(lanes, 'upload', log, 'u1');
    const r2 = heldEncode(lanes, 'rendition', log, 'r2');
    const u2 = heldEncode(lanes, 'upload', log, 'u2');
    await flush();
    expect(lanes.waiting()).toEqual({ upload: 1, rendition: 1 });
    r1.finish();
    await flush();
    // The shared lane is free, but u1 already runs beside the bound of one encode: u2 waits for it.
    expect(log).toEqual(['r1', 'u1']);
    u1.finish();
    await flush();
    expect(log).toEqual(['r1', 'u1', 'u2']);
    // The shared lane is free, but an upload runs: r2 waits (it never takes the upload lane either).
    expect(r2.started).toBe(false);
    u2.finish();
    await flush();
    expect(log).toEqual(['r1', 'u1', 'u2', 'r2']);
    r2.finish();
    await Promise.all([r1.done, u1.done, u2.done, r2.done]);
    expect(lanes.waiting()).toEqual({ upload: 0, rendition: 0 });
  });

  it('runs uploads one at a time with one shared lane (the other core stays free), however many arrive', async () => {
    const lanes = new EncodeLanes(1);
    const log: string[] = [];
    const uploads = [1, 2, 3].map((n) => heldEncode(lanes, 'upload', log, `u${n}`));
    await flush();
    expect(lanes.waiting()).toEqual({ upload: 2, rendition: 0 });
    expect(lanes.running()).toBe(1);
    for (const [i, u] of uploads.entries()) {
      expect(log).toEqual(uploads.slice(0, i + 1).map((_, j) => `u${j + 1}`));
      u.finish();
      await u.done;
      await flush();
    }
    expect(lanes.running()).toBe(0);
  });

  it('keeps uploads within the shared bound, and lets one upload past it only while renditions fill every shared lane', async () => {
    const lanes = new EncodeLanes(3);
    const log: string[] = [];
    const uploads = [1, 2, 3, 4].map((n) => heldEncode(lanes, 'upload', log, `u${n}`));
    await flush();
    expect(log).toEqual(['u1', 'u2', 'u3']);
    expect(lanes.running()).toBe(3);
    for (const u of uploads) u.finish();
    await Promise.all(uploads.map((u) => u.done));
    const renditions = [1, 2, 3].map((n) => heldEncode(lanes, 'rendition', log, `r${n}`));
    const upload = heldEncode(lanes, 'upload', log, 'u5');
    await flush();
    expect(lanes.running()).toBe(4);
    for (const e of [...renditions, upload]) e.finish();
    await Promise.all([...renditions, upload].map((e) => e.done));
  });

  it('frees the lane of an encode that fails', async () => {
    const lanes = new EncodeLanes(1);
    await expect(lanes.run('rendition', () => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    await expect(lanes.run('rendition', async () => 'next')).resolves.toBe('next');
  });
});
