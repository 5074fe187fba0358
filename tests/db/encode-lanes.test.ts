import { describe, expect, it } from 'vitest';
import { EncodeLanes, type EncodePriority } from '../../db/media/encode-lanes';

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

  it('gives a freed shared lane to a waiting upload before any waiting rendition; renditions never take the upload lane', async () => {
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
    expect(log).toEqual(['r1', 'u1', 'u2']);
    u1.finish();
    await flush();
    // The upload lane came free, but only an upload may use it: r2 still waits for the shared one.
    expect(r2.started).toBe(false);
    u2.finish();
    await flush();
    expect(log).toEqual(['r1', 'u1', 'u2', 'r2']);
    r2.finish();
    await Promise.all([r1.done, u1.done, u2.done, r2.done]);
    expect(lanes.waiting()).toEqual({ upload: 0, rendition: 0 });
  });

  it('frees the lane of an encode that fails', async () => {
    const lanes = new EncodeLanes(1);
    await expect(lanes.run('rendition', () => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    await expect(lanes.run('rendition', async () => 'next')).resolves.toBe('next');
  });
});
