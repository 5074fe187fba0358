import { randomBytes } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Image } from '../../../db/media/image.entity';
import { flatPng, pixelBomb } from '../../support/hostile-images';
import { fetchBytes, makeImage, upload } from '../../support/images';
import { signInitData, testLaunchUser, tmaHeader } from '../../support/init-data';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let initData: string;
beforeAll(async () => {
  app = await createTestApp();
  initData = signInitData(testLaunchUser());
});
afterAll(() => app.close());

const masterOf = (id: string) => readFile(path.join(app.storageDir, 'images', id, 'master.webp'));
const served = (url: string) => fetchBytes(app, url);

describe('POST /api/cdn/images/upload', () => {
  it.each(['jpeg', 'png', 'webp', 'avif'] as const)('accepts a %s and answers its id and relative URL', async (format) => {
    const res = await upload(app, initData, await makeImage(format), {
      variant: 'media',
      filename: `x.${format}`,
      contentType: `image/${format}`,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ok: true, id: expect.stringMatching(/^[a-f0-9]{24}$/), url: `/cdn/images/${res.body.id}/media` });
    const meta = await sharp(await masterOf(res.body.id)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240 });
    const row = await app.db.orm.em.fork().findOneOrFail(Image, { id: res.body.id });
    expect(row).toMatchObject({ kind: 'media', width: 320, height: 240 });
  });

  it('decides the type from the bytes, not the file name or declared type', async () => {
    const png = await upload(app, initData, await makeImage('png'), { filename: 'photo.gif', contentType: 'application/octet-stream' });
    expect(png.status).toBe(200);
    const text = await upload(app, initData, Buffer.from('just some text, not an image at all'), {
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
    });
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ ok: false, error: 'UNSUPPORTED_MEDIA_TYPE', message: 'Поддерживаются JPEG/PNG/WebP' });
  });

  it.each([
    ['an SVG with a script', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
    [
      'a JPEG signature followed by HTML',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script></html>')]),
    ],
  ])('refuses %s with 415', async (_name, data) => {
    const res = await upload(app, initData, data, { filename: 'a.jpg' });
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Поддерживаются JPEG/PNG/WebP');
  });

  it('re-encodes a JPEG polyglot so nothing of the appended payload is stored or served', async () => {
    const payload = '<html><script>alert(document.cookie)</script></html>';
    const res = await upload(app, initData, Buffer.concat([await makeImage('jpeg'), Buffer.from(payload)]), { variant: 'profile' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const bytes of [await masterOf(res.body.id), await served(res.body.url), await served(`${res.body.url}?f=jpeg`)]) {
      expect(bytes.includes('<script')).toBe(false);
      expect((await sharp(bytes).metadata()).width).toBeGreaterThan(0);
    }
    const jpeg = await served(`${res.body.url}?f=jpeg`);
    expect(jpeg.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
  });

  it('re-encodes a PNG with a trailing zip into a clean image', async () => {
    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(64, 7), Buffer.from('evil.js', 'latin1')]);
    const res = await upload(app, initData, Buffer.concat([await makeImage('png'), zip]), { filename: 'p.png' });
    expect(res.status).toBe(200);
    const master = await masterOf(res.body.id);
    expect(master.includes('PK\x03\x04')).toBe(false);
    expect(master.readUInt32LE(4) + 8).toBe(master.length);
  });

  it('refuses an avatar over 5 MB with the spec message, and takes the same file as a profile photo', async () => {
    const big = await sharp({
      create: { width: 1500, height: 1300, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const avatar = await upload(app, initData, big, { variant: 'avatar', filename: 'a.png' });
    expect(avatar.status).toBe(413);
    expect(avatar.body).toMatchObject({ ok: false, error: 'PAYLOAD_TOO_LARGE', message: 'Файл слишком большой (>5MB)' });
    expect((await upload(app, initData, big, { variant: 'media', filename: 'a.png' })).status).toBe(200);
    const huge = Buffer.concat([big, Buffer.alloc(10 * 1024 * 1024 - big.length + 1)]);
    expect((await upload(app, initData, huge, { variant: 'profile' })).body.message).toBe('Файл слишком большой (>10MB)');
  });

  it('refuses a pixel bomb from its header, quickly, and stores nothing', async () => {
    const launch = testLaunchUser();
    const started = Date.now();
    const res = await upload(app, signInitData(launch), pixelBomb(), { filename: 'bomb.png' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Изображение слишком большое (более 25 мегапикселей)');
    expect(await app.db.orm.em.fork().count(Image, { owner: launch.id })).toBe(0);
  });

  it('refuses a real 26-megapixel PNG, more than a phone camera makes, from its header before decoding it', async () => {
    const launch = testLaunchUser();
    const png = flatPng(6000, 4400);
    expect(png.length).toBeLessThan(128 * 1024);
    const res = await upload(app, signInitData(launch), png, { filename: 'wide.png', contentType: 'image/png' });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ ok: false, error: 'PAYLOAD_TOO_LARGE', message: 'Изображение слишком большое (более 25 мегапикселей)' });
    expect(await app.db.orm.em.fork().count(Image, { owner: launch.id })).toBe(0);
  });

  it('strips EXIF and GPS and applies the EXIF orientation', async () => {
    const withGps = await sharp(await makeImage('jpeg', { width: 300, height: 200 }))
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'PhoneMaker', Copyright: 'secret' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 2100/100', GPSLongitudeRef: 'E', GPSLongitude: '37/1 37/1 0/1' },
      })
      .jpeg()
      .toBuffer();
    const source = await sharp(withGps).metadata();
    expect(source.exif).toBeDefined();
    expect(source.orientation).toBe(6);
    expect(withGps.includes('PhoneMaker')).toBe(true);
    expect(source.exif!.includes('GPS') || /N\0/.test(source.exif!.toString('latin1'))).toBe(true);
    const res = await upload(app, initData, withGps, { variant: 'profile' });
    expect(res.status).toBe(200);
    for (const bytes of [await masterOf(res.body.id), await served(res.body.url), await served(`${res.body.url}?f=jpeg&w=128`)]) {
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      expect(bytes.includes('PhoneMaker')).toBe(false);
    }
    // the profile rendition is prerendered from the upload itself, turned as the master is
    for (const bytes of [await masterOf(res.body.id), await served(res.body.url)])
      expect(await sharp(bytes).metadata()).toMatchObject({ width: 200, height: 300 });
  });

  it('needs a file, a known variant and initData', async () => {
    const noFile = await app.request.post('/api/cdn/images/upload').set(tmaHeader(initData)).field('variant', 'media');
    expect(noFile.body.message).toBe('Файл не передан');
    const badVariant = await upload(app, initData, await makeImage(), { variant: 'sticker' as never });
    expect(badVariant.body.message).toBe('Неизвестный вариант изображения');
    const anonymous = await app.request.post('/api/cdn/images/upload').attach('file', await makeImage(), 'a.jpg');
    expect(anonymous.status).toBe(401);
  });

  it('removes the temp file of every multipart upload, accepted or refused', async () => {
    // Bytes no other test sends (a random tail), looked for among the temp directory's files, where uploads are written.
    const copiesInTemp = async (bytes: Buffer) => {
      const found: string[] = [];
      for (const entry of await readdir(os.tmpdir(), { withFileTypes: true })) {
        const file = path.join(os.tmpdir(), entry.name);
        if (!entry.isFile() || (await stat(file).catch(() => null))?.size !== bytes.length) continue;
        if ((await readFile(file).catch(() => null))?.equals(bytes)) found.push(file);
      }
      return found;
    };
    const withTail = (head: Buffer) => Buffer.concat([head, randomBytes(48)]);
    const accepted = withTail(await makeImage());
    expect((await upload(app, initData, accepted, { variant: 'media' })).status).toBe(200);
    const notAnImage = withTail(Buffer.from('just some text, not an image at all'));
    expect((await upload(app, initData, notAnImage, { variant: 'media' })).status).toBe(415);
    const badVariant = withTail(await makeImage());
    expect((await upload(app, initData, badVariant, { variant: 'sticker' as never })).status).toBe(400);
    for (const bytes of [accepted, notAnImage, badVariant]) expect(await copiesInTemp(bytes)).toEqual([]);
  });

  it('leaves no temp files of refused uploads in the storage', async () => {
    const files = await readdir(app.storageDir, { recursive: true });
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
