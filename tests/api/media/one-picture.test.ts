import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stickersResponseSchema } from '../../../contracts/chat';
import { ALLOWED_RENDITIONS, IMAGE_VARIANTS, imagePath, type ImageFormat } from '../../../contracts/media';
import { apiGet, apiPost } from '../../support/chats';
import { createMember } from '../../support/factories';
import { fetchBytes, upload } from '../../support/images';
import { signInitData, testLaunchUser } from '../../support/init-data';
import { CLEAN_SCORES, ScreeningDouble } from '../../support/screening-double';
import { startStickerTelegram, type StickerTelegram } from '../../support/sticker-source';
import { createTestApp, type TestApp } from '../../support/test-app';
import { meanOf, OVER_BLACK_SQUARE, OVER_WHITE_SQUARE, twoPicturePng, whiteBlackDifference } from '../../support/two-picture-image';

let app: TestApp;
let packs: StickerTelegram;
// Keeps what the classifier was given, to compare with what is served.
const screened: Buffer[] = [];
beforeAll(async () => {
  packs = await startStickerTelegram();
  const classifier = new ScreeningDouble((rgb) => (screened.push(Buffer.from(rgb)), CLEAN_SCORES));
  app = await createTestApp({ stickerSource: packs.stickerSource, classifier });
});
afterAll(async () => {
  await app.close();
  await packs.close();
});

/** Every rendition /cdn serves of an image of this variant (ALLOWED_RENDITIONS). */
function servedUrls(id: string, variant: (typeof IMAGE_VARIANTS)[number]): string[] {
  const formats = ALLOWED_RENDITIONS[variant].formats as Partial<Record<ImageFormat, readonly (number | null)[]>>;
  return Object.entries(formats).flatMap(([f, widths]) =>
    (widths ?? []).map((w) => imagePath(id, variant, { w: w ?? undefined, f: f as ImageFormat })),
  );
}

// AMENDMENTS §5.4: one picture for everyone, whatever the theme behind it.
describe('a transparent layer cannot hide a second picture', () => {
  it.each(IMAGE_VARIANTS)('a %s upload is stored and served flattened on white, the picture the classifier saw', async (variant) => {
    const initData = signInitData(testLaunchUser());
    const before = screened.length;
    const res = await upload(app, initData, await twoPicturePng(), { variant, filename: 'two.png', contentType: 'image/png' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(screened.length).toBe(before + 1);

    const master = await readFile(path.join(app.storageDir, 'images', res.body.id, 'master.webp'));
    for (const [name, bytes] of [
      ['master', master] as const,
      ...(await Promise.all(servedUrls(res.body.id, variant).map(async (url) => [url, await fetchBytes(app, url)] as const))),
    ]) {
      expect((await sharp(bytes).metadata()).hasAlpha, name).toBe(false);
      expect(await whiteBlackDifference(bytes), name).toBe(0);
    }
    // What everyone sees is the picture seen over white, as screened: the left square, not the right one.
    const classified = await sharp(screened.at(-1)!, { raw: { width: 224, height: 224, channels: 3 } })
      .resize(320, 240, { fit: 'fill' })
      .png()
      .toBuffer();
    for (const image of [master, classified]) {
      expect(await meanOf(image, OVER_WHITE_SQUARE)).toBeLessThan(140);
      expect(await meanOf(image, OVER_BLACK_SQUARE)).toBeGreaterThan(245);
    }
  });

  it('an imported sticker is stored, screened and served on one neutral background', async () => {
    packs.addPack('Two_by_test', [{ emoji: '🙂', png: await twoPicturePng() }]);
    const a = await createMember(app.db.orm.em.fork());
    const imported = await apiPost(app, a, '/api/stickers/import', { telegramUrl: 'https://t.me/addstickers/Two_by_test' });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const [sticker] = stickersResponseSchema.parse((await apiGet(app, a, '/api/stickers/all')).body).stickers;
    const id = /\/cdn\/images\/([a-f0-9]{24})\//.exec(sticker!.imageUrl)![1]!;
    const master = await readFile(path.join(app.storageDir, 'images', id, 'master.webp'));
    for (const [name, bytes] of [
      ['master', master] as const,
      ...(await Promise.all(servedUrls(id, 'media').map(async (url) => [url, await fetchBytes(app, url)] as const))),
    ]) {
      expect((await sharp(bytes).metadata()).hasAlpha, name).toBe(false);
      expect(await whiteBlackDifference(bytes), name).toBe(0);
    }
    // Neither white nor black: the transparent corner is a mid grey, and both squares show on it.
    const corner = (await sharp(master).extract({ left: 0, top: 0, width: 8, height: 8 }).raw().toBuffer())[0]!;
    expect(corner).toBeGreaterThan(100);
    expect(corner).toBeLessThan(200);
  });
});
