import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeMaster, encodeRendition, ENCODER_NICE } from '../../db/media/image-codec';

const threadsNamed = (name: string) =>
  readdirSync('/proc/self/task')
    .map(Number)
    .filter((tid) => {
      try {
        return readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    });

describe.runIf(process.platform === 'linux')('image encodes at a lower CPU priority', () => {
  it('puts every libvips worker thread at ENCODER_NICE after an encode, and leaves the event loop thread alone', async () => {
    const mainThreadNice = getPriority();
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a6' } }).jpeg().toBuffer();
    await encodeMaster(photo);
    await encodeRendition(photo, { width: null, maxSide: 320, quality: 80, format: 'avif' });
    const workers = threadsNamed('libvips worker');
    expect(workers.length).toBeGreaterThan(0);
    expect(workers.map((tid) => getPriority(tid))).toEqual(workers.map(() => ENCODER_NICE));
    expect(getPriority()).toBe(mainThreadNice);
  });
});
