import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../../db/users/user.entity';
import { makeImage, upload, uploadPhotos } from '../../support/images';
import { signInitData, testLaunchUser, tmaHeader } from '../../support/init-data';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const TG_PHOTO = 'https://t.me/i/userpic/320/abc.jpg';

async function uploadAvatar(initData: string): Promise<string> {
  const res = await upload(app, initData, await makeImage('png'), { variant: 'avatar', filename: 'me.png', contentType: 'image/png' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.url as string;
}

describe('avatar', () => {
  it("falls back to Telegram's photo, takes an uploaded avatar, and goes back on remove", async () => {
    // Telegram sends photo_url in initData; the signer passes extra launch fields through.
    const launch = { ...testLaunchUser(), photo_url: TG_PHOTO };
    const initData = signInitData(launch);
    expect((await app.request.get('/api/profile/avatar').set(tmaHeader(initData))).body).toEqual({
      ok: true,
      photoUrl: TG_PHOTO,
      isCustom: false,
      needsUpdate: false,
      telegramPhotoUrl: TG_PHOTO,
      profilePhotoUrl: null,
    });

    const url = await uploadAvatar(initData);
    const updated = await app.request.post('/api/profile/avatar/update').send({ initData, photoUrl: url });
    expect(updated.body).toEqual({ ok: true, photoUrl: url, message: 'Аватар обновлён' });
    expect((await app.request.get('/api/profile/avatar').set(tmaHeader(initData))).body).toMatchObject({
      photoUrl: url,
      isCustom: true,
      telegramPhotoUrl: TG_PHOTO,
    });
    expect((await app.request.get('/api/profile/me').set(tmaHeader(initData))).body.customPhotoUrl).toBe(url);

    const removed = await app.request.post('/api/profile/avatar/remove').send({ initData });
    expect(removed.body).toEqual({ ok: true, message: 'Используется фото из Telegram' });
    expect((await app.request.get('/api/profile/avatar').set(tmaHeader(initData))).body).toMatchObject({
      photoUrl: TG_PHOTO,
      isCustom: false,
    });
    expect((await app.request.get(url)).status).toBe(404);
  });

  it('deletes the replaced avatar so it is no longer served', async () => {
    const initData = signInitData(testLaunchUser());
    const first = await uploadAvatar(initData);
    await app.request.post('/api/profile/avatar/update').send({ initData, photoUrl: first });
    const second = await uploadAvatar(initData);
    await app.request.post('/api/profile/avatar/update').send({ initData, photoUrl: second });
    expect((await app.request.get(first)).status).toBe(404);
    expect((await app.request.get(second)).status).toBe(200);
  });

  it('says the avatar needs an update when there is no photo at all', async () => {
    const initData = signInitData(testLaunchUser());
    expect((await app.request.get('/api/profile/avatar').set(tmaHeader(initData))).body).toEqual({
      ok: true,
      photoUrl: null,
      isCustom: false,
      needsUpdate: true,
      telegramPhotoUrl: null,
      profilePhotoUrl: null,
    });
  });

  it('puts the main approved profile photo before Telegram’s, and gives no Telegram photo the launch lacks (issue 40 item 7)', async () => {
    const launch = testLaunchUser();
    const initData = signInitData(launch);
    // Telegram sends photo_url in initData; the signer passes extra launch fields through.
    const launchWithPhoto = { ...launch, photo_url: TG_PHOTO };
    const exec = (sql: string) => app.db.orm.em.fork().getConnection().execute(sql, [launch.id, launch.id]);
    // Known from an earlier launch with a photo; this launch has none.
    await app.request.get('/api/profile/avatar').set(tmaHeader(signInitData(launchWithPhoto)));
    expect((await app.request.get('/api/profile/avatar').set(tmaHeader(initData))).body).toMatchObject({
      photoUrl: null,
      telegramPhotoUrl: null,
      needsUpdate: true,
    });
    await exec(
      `INSERT INTO images (id, owner_telegram_id, kind, mime, width, height, bytes, created_at) VALUES ('${'d'.repeat(24)}', ?, 'profile', 'image/webp', 10, 10, 10, now()), ('${'e'.repeat(24)}', ?, 'profile', 'image/webp', 10, 10, 10, now())`,
    );
    await exec(
      `INSERT INTO photos (owner_telegram_id, image_id, position, status, created_at) VALUES (?, '${'d'.repeat(24)}', 0, 'PENDING', now()), (?, '${'e'.repeat(24)}', 1, 'APPROVED', now())`,
    );
    const withPhoto = signInitData(launchWithPhoto);
    const main = `/cdn/images/${'e'.repeat(24)}/profile`;
    expect((await app.request.get('/api/profile/avatar').set(tmaHeader(withPhoto))).body).toEqual({
      ok: true,
      photoUrl: main,
      isCustom: false,
      needsUpdate: false,
      telegramPhotoUrl: TG_PHOTO,
      profilePhotoUrl: main,
    });
  });

  it("refuses foreign URLs, another user's image and non-avatar uploads, changing nothing", async () => {
    const launch = testLaunchUser();
    const initData = signInitData(launch);
    const other = signInitData(testLaunchUser());
    const foreign = await uploadAvatar(other);
    const [profilePhoto] = await uploadPhotos(app, initData, 1);
    const cases: Array<[string, string | RegExp]> = [
      ['https://evil.example.com/x.jpg', /^Photo URL must be from /],
      ['data:image/png;base64,AAAA', 'Only http(s) URLs are allowed'],
      [foreign, 'Фото не найдено: загрузите его заново'],
      [profilePhoto!, 'Загрузите фото как аватар (variant=avatar)'],
    ];
    for (const [photoUrl, message] of cases) {
      const res = await app.request.post('/api/profile/avatar/update').send({ initData, photoUrl });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const user = await app.db.orm.em.fork().findOneOrFail(User, { telegramId: launch.id });
    expect(user.customPhotoUrl).toBeNull();
  });
});
