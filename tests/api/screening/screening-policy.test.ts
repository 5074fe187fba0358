import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyResponseSchema, sendResultSchema, stickerImportResponseSchema, stickersResponseSchema } from '../../../contracts/chat';
import { moderationItemsResponseSchema } from '../../../contracts/moderation';
import { SCREENING_MESSAGES } from '../../../contracts/screening';
import { screeningStatsSchema } from '../../../contracts/admin';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { apiGet, apiPost, createPair, messagesSocket, rowCount, subscribe } from '../../support/chats';
import { upload } from '../../support/images';
import { signInitData, testLaunchUser, tmaHeader } from '../../support/init-data';
import { createActor, listItems, type Actor } from '../../support/moderation';
import { uploadPhotos } from '../../support/images';
import { validBase } from '../../support/onboarding';
import { BORDERLINE_SCORES, markerClassifier, markerImage } from '../../support/screening-double';
import { initDataFor } from '../../support/sockets';
import { startStickerTelegram, type StickerTelegram } from '../../support/sticker-source';
import { createTestApp, type TestApp } from '../../support/test-app';

// The policy of issue #27 with the marker double: a pure red image is explicit (Porn 0.97), a pure yellow one
// borderline (Sexy 0.8), anything else clean. No explicit imagery anywhere: flat colours only.
let app: TestApp;
let moderator: Actor;
let admin: Actor;
let packs: StickerTelegram;
beforeAll(async () => {
  packs = await startStickerTelegram();
  app = await createTestApp({ classifier: markerClassifier(), stickerSource: packs.stickerSource });
  await ensurePlaces(app.db.orm.em.fork());
  moderator = await createActor(app, 'MODERATOR');
  admin = await createActor(app, 'ADMIN');
});
afterAll(async () => {
  await app.close();
  await packs.close();
});

const images = () => rowCount(app, 'SELECT count(*) AS n FROM images');
/** Every file in the storage (masters and renditions). */
async function storedFiles(): Promise<number> {
  const entries = await readdir(app.storageDir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).length;
}
const events = (outcome: string, userId: number) =>
  rowCount(app, 'SELECT count(*) AS n FROM screening_events WHERE outcome = ? AND user_id = ?', [outcome, userId]);

async function uploadMedia(userId: number, marker: 'explicit' | 'borderline' | 'clean', chatId?: number) {
  return upload(app, initDataFor(userId), await markerImage(marker), { variant: 'media', chatId });
}

describe('profile photos', () => {
  it('refuses an explicit profile photo or avatar with the Russian text and stores nothing', async () => {
    const launch = testLaunchUser();
    const initData = signInitData(launch);
    const [rowsBefore, filesBefore] = [await images(), await storedFiles()];
    for (const variant of ['profile', 'avatar'] as const) {
      const res = await upload(app, initData, await markerImage('explicit'), { variant });
      expect(res.status, variant).toBe(400);
      expect(res.body, variant).toEqual({ ok: false, error: 'PHOTO_REFUSED', message: SCREENING_MESSAGES.profilePhotoRefused });
    }
    expect(await images()).toBe(rowsBefore);
    expect(await storedFiles()).toBe(filesBefore);
    expect(await events('REFUSED', launch.id)).toBe(2);
  });

  it('stores a borderline profile photo marked; the moderation card shows its scores and needs a check', async () => {
    const launch = testLaunchUser();
    const initData = signInitData(launch);
    const photos = await uploadPhotos(app, initData, 2);
    const flagged = await upload(app, initData, await markerImage('borderline'), { variant: 'profile' });
    expect(flagged.status).toBe(200);
    expect(await events('FLAGGED', launch.id)).toBe(1);
    const base = validBase({ launch, initData, photos: [...photos, flagged.body.url as string] });
    expect((await app.request.post('/api/profile/submit-base').send(base)).status).toBe(200);

    const res = await listItems(app, moderator, { type: 'INITIAL', userId: launch.id });
    const [item] = moderationItemsResponseSchema.parse(res.body).items;
    expect(item!.payload.needsPhotoCheck).toBe(true);
    expect(item!.payload.photos).toHaveLength(3);
    expect(item!.payload.photoChecks.map((c) => c?.flagged)).toEqual([false, false, true]);
    expect(item!.payload.photoChecks[2]!.scores).toEqual(BORDERLINE_SCORES);
  });

  it('a clean new profile needs no photo check', async () => {
    const launch = testLaunchUser();
    const initData = signInitData(launch);
    const base = validBase({ launch, initData, photos: await uploadPhotos(app, initData, 3) });
    expect((await app.request.post('/api/profile/submit-base').send(base)).status).toBe(200);
    const [item] = moderationItemsResponseSchema.parse(
      (await listItems(app, moderator, { type: 'INITIAL', userId: launch.id })).body,
    ).items;
    expect(item!.payload.needsPhotoCheck).toBe(false);
    expect(item!.payload.photoChecks.every((c) => c !== null && !c.flagged)).toBe(true);
  });

  it('an explicit chat photo between adults never becomes a profile photo', async () => {
    const { a, chatId } = await createPair(app, { age: 19 });
    const explicit = await uploadMedia(a, 'explicit', chatId);
    expect(explicit.status).toBe(200);
    const res = await app.request
      .patch('/api/profile/my')
      .set({ Authorization: `tma ${initDataFor(a)}` })
      .send({ photos: [`/cdn/images/${explicit.body.id}/profile`] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'PHOTO_REFUSED', message: SCREENING_MESSAGES.profilePhotoRefused });
  });
});

describe('chat photos', () => {
  it('refuses an explicit photo for a chat with a minor at upload: nothing stored, nothing delivered', async () => {
    const { a, b, chatId } = await createPair(app, { age: 19 }, { age: 17 });
    const peer = await messagesSocket(app, b);
    await subscribe(peer, chatId);
    const [rowsBefore, filesBefore] = [await images(), await storedFiles()];
    const res = await uploadMedia(a, 'explicit', chatId);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ ok: false, error: 'PHOTO_REFUSED', message: SCREENING_MESSAGES.chatPhotoRefused });
    expect(await images()).toBe(rowsBefore);
    expect(await storedFiles()).toBe(filesBefore);
    expect(await rowCount(app, 'SELECT count(*) AS n FROM messages WHERE chat_id = ?', [chatId])).toBe(0);
    const history = historyResponseSchema.parse((await apiGet(app, b, '/api/messages/history', { chatId: String(chatId) })).body);
    expect(history.messages).toEqual([]);
    expect((peer.received as Array<{ t?: string }>).filter((m) => m.t === 'message')).toEqual([]);
    await peer.close();
  });

  it('refuses at send an explicit photo uploaded without its chat, and drops the upload', async () => {
    const { a, chatId } = await createPair(app, { age: 16 });
    const res = await uploadMedia(a, 'explicit');
    expect(res.status).toBe(200);
    const imageId = res.body.id as string;
    const sent = await apiPost(app, a, '/api/messages/send-image', { chatId: String(chatId), imageId, clientId: 'x-1' });
    expect(sent.status).toBe(400);
    expect(sent.body).toMatchObject({ error: 'PHOTO_REFUSED', message: SCREENING_MESSAGES.chatPhotoRefused });
    expect(await rowCount(app, 'SELECT count(*) AS n FROM messages WHERE chat_id = ?', [chatId])).toBe(0);
    expect(await rowCount(app, 'SELECT count(*) AS n FROM images WHERE id = ?', [imageId])).toBe(0);
  });

  it.each([
    ['a borderline photo between minors', 15, 'borderline'],
    ['a borderline photo between adults', 19, 'borderline'],
    ['an explicit photo between adults', 19, 'explicit'],
  ] as const)('delivers %s as sensitive: blurred with the warning for the peer, plain for the sender', async (_name, age, marker) => {
    const { a, b, chatId } = await createPair(app, { age });
    const up = await uploadMedia(a, marker, chatId);
    expect(up.status).toBe(200);
    const peer = await messagesSocket(app, b);
    await subscribe(peer, chatId);
    const res = await apiPost(app, a, '/api/messages/send-image', { chatId: String(chatId), imageId: up.body.id, clientId: 'p-1' });
    expect(res.status).toBe(200);
    const sent = sendResultSchema.parse(res.body).message;
    expect(sent).toMatchObject({ sensitive: true, blurred: false });
    expect(await peer.next((m) => m.t === 'message')).toMatchObject({ data: { message: { id: sent.id, sensitive: true, blurred: true } } });
    const history = historyResponseSchema.parse((await apiGet(app, b, '/api/messages/history', { chatId: String(chatId) })).body);
    expect(history.messages.at(-1)).toMatchObject({ id: sent.id, sensitive: true, blurred: true });
    expect(await events('WARNED', a)).toBe(1);
    await peer.close();
  });

  it('a clean photo is not sensitive', async () => {
    const { a, chatId } = await createPair(app, { age: 15 });
    const up = await uploadMedia(a, 'clean', chatId);
    const res = await apiPost(app, a, '/api/messages/send-image', { chatId: String(chatId), imageId: up.body.id, clientId: 'c-1' });
    expect(sendResultSchema.parse(res.body).message.sensitive).toBe(false);
  });

  it('the third refused chat photo of the day files one report for moderators, with no image', async () => {
    const { a, chatId } = await createPair(app, { age: 14 });
    const reports = () => rowCount(app, "SELECT count(*) AS n FROM reports WHERE reported_user_id = ? AND reason = 'EXPLICIT_PHOTOS'", [a]);
    for (let i = 1; i <= 4; i++) {
      expect((await uploadMedia(a, 'explicit', chatId)).status).toBe(400);
      expect(await reports(), `after refusal ${i}`).toBe(i >= 3 ? 1 : 0);
    }
    const report = await app.db.orm.em
      .fork()
      .getConnection()
      .execute('SELECT reporter_id, report_type, message_id, context FROM reports WHERE reported_user_id = ?', [a]);
    expect(report).toHaveLength(1);
    expect(report[0]).toMatchObject({ reporter_id: '0', report_type: 'PROFILE', message_id: null });
    expect(JSON.stringify(report[0]!.context)).not.toMatch(/image/i);
    const listed = await app.request
      .get('/api/moderation/reports')
      .set({ Authorization: `tma ${moderator.initData}` })
      .query({ status: 'PENDING' });
    const ours = (listed.body.reports as Array<{ reportedUser: { telegramId: number } }>).find((r) => r.reportedUser.telegramId === a);
    expect(ours).toMatchObject({ reason: 'EXPLICIT_PHOTOS', reasonLabel: SCREENING_MESSAGES.reportReason, automatic: true, messages: [] });
  });

  it('someone else’s chat is refused before the upload is screened', async () => {
    const { chatId } = await createPair(app);
    const { a } = await createPair(app);
    const res = await uploadMedia(a, 'clean', chatId);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: 'Чат не найден' });
    expect(await events('REFUSED', a)).toBe(0);
  });
});

describe('sticker packs', () => {
  const addSet = async (name: string, markers: Array<'explicit' | 'borderline' | 'clean'>) =>
    packs.addPack(name, await Promise.all(markers.map(async (m) => ({ png: await markerImage(m, 'png', { width: 512, height: 512 }) }))));

  it('refuses a pack with any explicit sticker: nothing of it is stored', async () => {
    await addSet('Mixed_by_test', ['clean', 'explicit', 'clean']);
    const { a } = await createPair(app);
    const [rowsBefore, filesBefore] = [await rowCount(app, 'SELECT count(*) AS n FROM stickers'), await storedFiles()];
    const res = await apiPost(app, a, '/api/stickers/import', { telegramUrl: 'https://t.me/addstickers/Mixed_by_test' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ ok: false, error: 'STICKER_PACK_REFUSED', message: SCREENING_MESSAGES.stickerPackRefused });
    expect(await rowCount(app, "SELECT count(*) AS n FROM sticker_packs WHERE name = 'Mixed_by_test'")).toBe(0);
    expect(await rowCount(app, 'SELECT count(*) AS n FROM stickers')).toBe(rowsBefore);
    expect(await storedFiles()).toBe(filesBefore);
    expect(await events('REFUSED', a)).toBe(1);
  });

  it('imports a pack with a borderline sticker, which arrives sensitive and blurred even between adults', async () => {
    await addSet('Sunny_by_test', ['clean', 'borderline']);
    const { a, b, chatId } = await createPair(app, { age: 19 });
    const imported = stickerImportResponseSchema.parse(
      (await apiPost(app, a, '/api/stickers/import', { telegramUrl: 'https://t.me/addstickers/Sunny_by_test' })).body,
    );
    expect(imported.pack.count).toBe(2);
    const all = stickersResponseSchema.parse((await apiGet(app, a, '/api/stickers/all')).body).stickers;
    const send = async (stickerId: string, clientId: string) =>
      sendResultSchema.parse((await apiPost(app, a, '/api/messages/send-sticker', { chatId: String(chatId), stickerId, clientId })).body)
        .message;
    expect(await send(all[0]!.id, 's-clean')).toMatchObject({ sensitive: false });
    const sensitive = await send(all[1]!.id, 's-borderline');
    expect(sensitive).toMatchObject({ sensitive: true, blurred: false });
    const history = historyResponseSchema.parse((await apiGet(app, b, '/api/messages/history', { chatId: String(chatId) })).body);
    expect(history.messages.map((m) => [m.sensitive, m.blurred])).toEqual([
      [false, false],
      [true, true],
    ]);
  });
});

describe('GET /api/stats/screening', () => {
  it('counts refused, flagged and warned per UTC day, every day of the window present', async () => {
    const get = async (days: number) => {
      const res = await app.request.get('/api/stats/screening').set(tmaHeader(admin.initData)).query({ days });
      expect(res.status).toBe(200);
      return screeningStatsSchema.parse(res.body).screening;
    };
    const before = (await get(7)).at(-1)!;
    const launch = testLaunchUser();
    const initData = signInitData(launch);
    expect((await upload(app, initData, await markerImage('explicit'), { variant: 'profile' })).status).toBe(400);
    expect((await upload(app, initData, await markerImage('borderline'), { variant: 'profile' })).status).toBe(200);
    const week = await get(7);
    expect(week).toHaveLength(7);
    const today = new Date().toISOString().slice(0, 10);
    expect(week.at(-1)).toEqual({
      day: today,
      refused: before.refused + 1,
      flagged: before.flagged + 1,
      warned: before.warned,
      ageFlagged: before.ageFlagged,
    });
    expect(week.slice(0, -1).every((d) => d.refused === 0 && d.flagged === 0 && d.warned === 0)).toBe(true);
    expect((await get(30))[0]!.day < week[0]!.day).toBe(true);
  });

  it('refuses a bad window with a 400 and a non-admin with a 403', async () => {
    expect((await app.request.get('/api/stats/screening').set(tmaHeader(admin.initData)).query({ days: 0 })).status).toBe(400);
    expect((await app.request.get('/api/stats/screening').set(tmaHeader(moderator.initData))).status).toBe(403);
  });
});
