import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryBody, makeImage, upload } from '../../support/images';
import { signInitData, testLaunchUser } from '../../support/init-data';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let photo: { id: string; url: string };
let avatar: { id: string; url: string };

const get = (url: string) => app.request.get(url).buffer(true).parse(binaryBody);

beforeAll(async () => {
  app = await createTestApp();
  const initData = signInitData(testLaunchUser());
  photo = (await upload(app, initData, await makeImage('jpeg', { width: 2000, height: 1500 }), { variant: 'profile' })).body;
  avatar = (await upload(app, initData, await makeImage('png', { width: 900, height: 900 }), { variant: 'avatar' })).body;
});
afterAll(() => app.close());

describe('GET /cdn/images/{id}/{variant}', () => {
  it('serves the profile variant publicly as AVIF with the longest side 1080, cached an hour (not immutable: removal must take effect)', async () => {
    const res = await get(photo.url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/avif');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.etag).toMatch(/^".+"$/);
    expect(await sharp(res.body as Buffer).metadata()).toMatchObject({ format: 'heif', width: 1080, height: 810 });
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get(photo.url);
    const again = await app.request.get(photo.url).set('If-None-Match', first.headers.etag!);
    expect(again.status).toBe(304);
  });

  it('honours an allowed w and f, answers anything else with the nearest allowed rendition, and never enlarges', async () => {
    const webp = await get(`${photo.url}?w=480&q=85&f=webp`);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(await sharp(webp.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 480, height: 360 });
    const jpeg = await get(`${avatar.url}?f=jpeg`);
    expect(await sharp(jpeg.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
    const tiny = await get(`${photo.url}?w=5`);
    expect((await sharp(tiny.body as Buffer).metadata()).width).toBe(128);
    const between = await get(`${photo.url}?w=1000&f=webp`);
    expect(await sharp(between.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 1080 });
    const huge = await get(`${avatar.url}?w=99999`);
    expect((await sharp(huge.body as Buffer).metadata()).width).toBe(512);
    const junk = await get(`${avatar.url}?w=abc&q=zzz&f=gif`);
    expect(junk.status).toBe(200);
    expect(junk.headers['content-type']).toBe('image/webp');
  });

  it('encodes a rendition once and keeps it on disk', async () => {
    const before = await readdir(path.join(app.storageDir, 'images', photo.id, 'r'));
    const a = await get(`${photo.url}?w=360&f=jpeg`);
    const b = await get(`${photo.url}?w=360&f=jpeg`);
    const after = await readdir(path.join(app.storageDir, 'images', photo.id, 'r'));
    expect(after.length).toBe(before.length + 1);
    expect(Buffer.compare(a.body as Buffer, b.body as Buffer)).toBe(0);
  });

  it('answers 404 for unknown ids, malformed ids and unknown variants', async () => {
    expect((await app.request.get('/cdn/images/0123456789abcdef01234567/profile')).status).toBe(404);
    expect((await app.request.get('/cdn/images/..%2F..%2Fetc/profile')).status).toBe(404);
    expect((await app.request.get(`/cdn/images/${photo.id}/original`)).status).toBe(404);
  });
});
