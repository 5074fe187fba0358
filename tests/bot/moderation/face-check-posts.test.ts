import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACE_CHECK_MESSAGES } from '../../../contracts/face-check';
import { NsfwClassifier } from '../../../platform/screening/nsfw-classifier';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { postIn } from '../../support/bot-moderation';
import { createMember } from '../../support/factories';
import { faceSample, submitWithPhotos } from '../../support/face-check';
import { makeImage, upload } from '../../support/images';
import { createActor, pendingItem, type Actor } from '../../support/moderation';
import { initDataFor } from '../../support/sockets';
import { startAppAndBot, type AppAndBot } from '../../support/test-bot';

// Issue 43 in the moderators' posts, with the real models (nsfwjs and face-api in the screening process).
let t: AppAndBot;
let moderator: Actor;
beforeAll(async () => {
  t = await startAppAndBot((app) => ({ storage: app.storage }), { classifier: new NsfwClassifier() });
  await ensurePlaces(t.em());
  moderator = await createActor(t.app, 'MODERATOR');
}, 120_000);
afterAll(() => t?.stop());

const AGE_LINE = /^Фото 1: На вид около \d+ (лет|года)$/m;

describe('the face check in the bot post', () => {
  it('a new profile: one line per photo beside the stated age, and the flag for a stated age far below', { timeout: 180_000 }, async () => {
    const { item } = await submitWithPhotos(t.app, moderator, [await faceSample(1), await makeImage('jpeg'), await makeImage('png')], 14);
    const text = String((await postIn(t.bot.telegram, moderator.id, `заявка #${item.id}`)).params.text);
    expect(text).toContain('В анкете: 14 лет');
    expect(text).toMatch(AGE_LINE);
    expect(text).toContain(`Фото 2: ${FACE_CHECK_MESSAGES.noFace}`);
    expect(text).toContain(`Фото 3: ${FACE_CHECK_MESSAGES.noFace}`);
    expect(text).toContain(`⚠️ ${FACE_CHECK_MESSAGES.checkAge}`);
    expect(text).not.toContain(FACE_CHECK_MESSAGES.noFaceOnMain);
  });

  it("new photos of a member: the lines, and 'Нет лица на главном фото' when the first has none", { timeout: 180_000 }, async () => {
    const id = await createMember(t.em(), { age: 15 });
    const photos: string[] = [];
    for (const picture of [await makeImage('jpeg'), await faceSample(3)])
      photos.push((await upload(t.app, initDataFor(id), picture, { variant: 'profile' })).body.url as string);
    expect((await t.app.request.patch('/api/profile/my').send({ initData: initDataFor(id), photos })).status).toBe(200);
    const item = await pendingItem(t.app, id, 'PHOTOS');
    const text = String((await postIn(t.bot.telegram, moderator.id, `заявка #${item.id}`)).params.text);
    expect(text).toContain('В анкете: 15 лет');
    expect(text).toContain(`Фото 1: ${FACE_CHECK_MESSAGES.noFace}`);
    expect(text).toMatch(/^Фото 2: На вид около \d+ (лет|года)$/m);
    expect(text).toContain(`⚠️ ${FACE_CHECK_MESSAGES.noFaceOnMain}`);
    expect(text).toContain(`⚠️ ${FACE_CHECK_MESSAGES.checkAge}`);
  });
});
