import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_RENDITIONS } from '../../../contracts/media';
import { RATE_LIMITS } from '../../../api/middleware/rate-limits';
import { binaryBody, makeImage, upload } from '../../support/images';
import { signInitData, testLaunchUser } from '../../support/init-data';
import { freshAddress } from '../../support/security/send-call';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
const initData = signInitData(testLaunchUser());

const get = (url: string, from?: string) =>
  app.request
    .get(url)
    .set(from ? { 'X-Forwarded-For': from } : {})
    .buffer(true)
    .parse(binaryBody);
const storedRenditions = async (id: string) => (await readdir(path.join(app.storageDir, 'images', id, 'r')).catch(() => [])).sort();

async function uploadPhoto(): Promise<{ id: string; url: string }> {
  const res = await upload(app, initData, await makeImage('jpeg', { width: 1200, height: 900 }), { variant: 'profile' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; url: string };
}

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('/cdn serves a fixed set of renditions', () => {
  it('answers a query outside the allowed set with the nearest allowed rendition, encoding and storing nothing more', async () => {
    const photo = await uploadPhoto();
    const canonical = await get(`${photo.url}?w=720&f=webp`);
    expect(canonical.status).toBe(200);
    const stored = await storedRenditions(photo.id);
    const odd = ['w=700&f=webp', 'w=701&q=31&f=webp', 'w=719&q=95&f=webp', 'w=650&q=60&f=webp&x=1', 'w=719.0&f=webp'];
    for (const query of odd) {
      const res = await get(`${photo.url}?${query}`);
      expect(res.status, query).toBe(200);
      expect(Buffer.compare(res.body as Buffer, canonical.body as Buffer), query).toBe(0);
      expect(res.headers.etag).toBe(canonical.headers.etag);
    }
    expect(await storedRenditions(photo.id)).toEqual(stored);
  });

  it('stores at most the allowed renditions of an image whatever is asked for', async () => {
    const photo = await uploadPhoto();
    const asked = [5, 300, 900, 4000].flatMap((w) => ['avif', 'webp', 'jpeg', 'gif'].map((f) => `w=${w}&f=${f}&q=${w % 90}`));
    for (const query of asked) expect((await get(`${photo.url}?${query}`)).status, query).toBe(200);
    const allowed = Object.entries(ALLOWED_RENDITIONS.profile.formats).flatMap(([f, widths]) =>
      widths.map((w) => `${w ?? 'max1080'}-q82.${f}`),
    );
    const stored = await storedRenditions(photo.id);
    expect(
      stored.every((file) => allowed.includes(file)),
      stored.join(' '),
    ).toBe(true);
    expect(stored.length).toBeLessThanOrEqual(allowed.length);
  }, 60_000);
});

describe('rendition misses per client address', () => {
  const { limit } = RATE_LIMITS.renditionMisses;

  it(`answers 429 past ${limit} encodes a minute from one address, still serves stored renditions, and other addresses still pass`, async () => {
    const photo = await uploadPhoto();
    expect((await get(`${photo.url}?w=480`)).status).toBe(200);
    const from = freshAddress();
    for (let i = 0; i < limit - 1; i++) await app.limits.renditionMisses.hit(from);
    // The last encode this minute is allowed, and it counts.
    expect((await get(`${photo.url}?w=360`, from)).status).toBe(200);
    const before = await storedRenditions(photo.id);
    const refused = await get(`${photo.url}?w=256`, from);
    expect(refused.status).toBe(429);
    expect(JSON.parse(String(refused.body))).toEqual({
      ok: false,
      error: 'RATE_LIMITED',
      message: expect.stringMatching(/^Слишком много запросов\. Попробуйте через \d+ с$/),
      retryAfter: expect.any(Number),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedRenditions(photo.id)).toEqual(before);
    expect((await get(`${photo.url}?w=480`, from)).status).toBe(200);
    expect((await get(`${photo.url}?w=256`, freshAddress())).status).toBe(200);
  });
});

describe('uploads and rendition misses', () => {
  it('completes an upload while rendition misses wait for a lane', async () => {
    const photo = await uploadPhoto();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // Every shared lane held, as a burst of misses would hold them.
    const holders = Array.from({ length: app.codec.lanes.shared }, () => app.codec.lanes.run('rendition', () => gate));
    const misses = [128, 256, 360, 480, 720].map((w) => get(`${photo.url}?w=${w}`).then((res) => res.status));
    await expect.poll(() => app.codec.lanes.waiting().rendition, { timeout: 10_000 }).toBe(misses.length);
    const res = await upload(app, initData, await makeImage('jpeg', { width: 800, height: 600 }), { variant: 'profile' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(app.codec.lanes.waiting().rendition).toBe(misses.length);
    open();
    await Promise.all(holders);
    expect(await Promise.all(misses)).toEqual(misses.map(() => 200));
  }, 60_000);
});
