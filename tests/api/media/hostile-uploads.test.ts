import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Image } from '../../../db/media/image.entity';
import { makeImage, upload } from '../../support/images';
import { signInitData, testLaunchUser } from '../../support/init-data';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const storedFiles = async () => (await readdir(app.storageDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;

/** A real JPEG whose frame header (SOF) is patched to claim 60000×60000 pixels. */
async function jpegBomb(): Promise<Buffer> {
  const jpeg = Buffer.from(await makeImage('jpeg', { width: 64, height: 48 }));
  const sof = jpeg.findIndex((b, i) => b === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2));
  jpeg.writeUInt16BE(60_000, sof + 5);
  jpeg.writeUInt16BE(60_000, sof + 7);
  return jpeg;
}

/** A PNG text chunk (where cameras and editors leave comments, authors, places). */
function withTextChunk(png: Buffer, text: string): Buffer {
  const body = Buffer.concat([Buffer.from('tEXt', 'latin1'), Buffer.from(`Comment\0${text}`, 'latin1')]);
  const chunk = Buffer.concat([Buffer.alloc(4), body, Buffer.alloc(4)]);
  chunk.writeUInt32BE(body.length - 4, 0);
  chunk.writeUInt32BE(crc32(body) >>> 0, chunk.length - 4);
  return Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);
}

describe('hostile uploads', () => {
  it.each([
    ['a JPEG cut in half', async () => (await makeImage('jpeg', { width: 400, height: 300 })).subarray(0, 3000)],
    ['a PNG cut after its header', async () => (await makeImage('png')).subarray(0, 60)],
    ['a PNG wearing a WebP signature', async () => Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBP', 'latin1'), await makeImage('png')])],
    [
      'an SVG with an external entity',
      async () =>
        Buffer.from(
          '<?xml version="1.0"?><!DOCTYPE s [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
        ),
    ],
    ['an HTML page named photo.jpg', async () => Buffer.from('<!doctype html><script>fetch("/api/profile/me")</script>')],
  ])('refuses %s with 415 and stores nothing', async (_name, make) => {
    const launch = testLaunchUser();
    const files = await storedFiles();
    const res = await upload(app, signInitData(launch), await make(), { filename: 'photo.jpg' });
    expect(res.status, res.text).toBe(415);
    expect(res.body).toEqual({ ok: false, error: 'UNSUPPORTED_MEDIA_TYPE', message: 'Поддерживаются JPEG/PNG/WebP' });
    expect(await storedFiles()).toBe(files);
    expect(await app.db.orm.em.fork().count(Image, { owner: launch.id })).toBe(0);
  });

  it('refuses a JPEG whose header claims 3.6 gigapixels from the header alone', async () => {
    const bomb = await jpegBomb();
    const started = Date.now();
    const res = await upload(app, signInitData(testLaunchUser()), bomb);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Изображение слишком большое (более 25 мегапикселей)');
  });

  it('stores a PNG without its text chunks or colour profile', async () => {
    const source = withTextChunk(
      await sharp(await makeImage('png'))
        .withIccProfile('p3')
        .png()
        .toBuffer(),
      'дом: Тверская 1',
    );
    expect((await sharp(source).metadata()).icc).toBeDefined();
    const res = await upload(app, signInitData(testLaunchUser()), source, { filename: 'a.png' });
    expect(res.status, res.text).toBe(200);
    const master = await readFile(path.join(app.storageDir, 'images', res.body.id, 'master.webp'));
    const meta = await sharp(master).metadata();
    expect(meta.icc).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(master.includes('Comment')).toBe(false);
  });
});
