import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationItemsResponseSchema } from '../../../contracts/moderation';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { uploadPhotos } from '../../support/images';
import { createActor, decide, listItems, pendingItem, REASON, submittedRegistrant, type Actor } from '../../support/moderation';
import { validDetails, type Registrant } from '../../support/onboarding';
import { createTestApp, type TestApp } from '../../support/test-app';
import { tmaHeader } from '../../support/init-data';

let app: TestApp;
let moderator: Actor;
const CHANGED = 'Заявка изменилась, откройте её заново';

beforeAll(async () => {
  app = await createTestApp();
  await ensurePlaces(app.db.orm.em.fork());
  moderator = await createActor(app, 'MODERATOR');
});
afterAll(() => app.close());

async function visibleMember(): Promise<Registrant> {
  const r = await submittedRegistrant(app);
  await decide(app, moderator, { itemId: (await pendingItem(app, r.launch.id, 'INITIAL')).id, status: 'APPROVED' });
  await app.request.post('/api/profile/submit-details').send(validDetails(r));
  await decide(app, moderator, { itemId: (await pendingItem(app, r.launch.id, 'PROFILE_DESCRIPTION')).id, status: 'APPROVED' });
  return r;
}

/** The item as the panel shows it (the bot's 'Открыть в панели' link asks for it by id). */
async function shown(itemId: number) {
  const res = await listItems(app, moderator, { itemId });
  return moderationItemsResponseSchema.parse(res.body).items[0]!;
}
const edit = (r: Registrant, body: Record<string, unknown>) => app.request.patch('/api/profile/my').send({ initData: r.initData, ...body });
const myProfile = async (r: Registrant) => (await app.request.get('/api/profile/my').set(tmaHeader(r.initData))).body;

describe('a decision applies exactly the version the moderator saw', () => {
  it('an edit changed after it was opened is refused, stays pending and is shown again with the new text', async () => {
    const r = await visibleMember();
    await edit(r, { displayName: 'Марина' });
    const seen = await shown((await pendingItem(app, r.launch.id, 'PROFILE_EDIT')).id);
    await edit(r, { bio: 'Совсем другой текст, которого модератор не видел' });
    const res = await decide(app, moderator, { itemId: seen.id, version: seen.version, status: 'APPROVED' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ ok: false, error: 'CONFLICT', message: CHANGED, changed: true });
    expect(await myProfile(r)).toMatchObject({ displayName: 'Аня', pending: { edit: true } });
    const fresh = await shown(seen.id);
    expect(fresh.version).toBeGreaterThan(seen.version);
    expect(fresh.payload.changes.bio).toMatchObject({ value: 'Совсем другой текст, которого модератор не видел' });
    expect((await decide(app, moderator, { itemId: fresh.id, version: fresh.version, status: 'APPROVED' })).status).toBe(200);
    expect(await myProfile(r)).toMatchObject({ displayName: 'Марина', bio: 'Совсем другой текст, которого модератор не видел' });
  });

  it('new photos sent after the moderator opened the item are not published by an approval or hidden by a rejection', async () => {
    const r = await visibleMember();
    await edit(r, { photos: await uploadPhotos(app, r.initData, 1) });
    const seen = await shown((await pendingItem(app, r.launch.id, 'PHOTOS')).id);
    const before = (await myProfile(r)).photos as string[];
    await edit(r, { photos: await uploadPhotos(app, r.initData, 2) });
    for (const body of [{ status: 'APPROVED' }, { status: 'REJECTED', reason: REASON }]) {
      const res = await decide(app, moderator, { itemId: seen.id, version: seen.version, ...body });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(CHANGED);
    }
    expect((await myProfile(r)).photos).toEqual(before);
    expect((await shown(seen.id)).status).toBe('PENDING');
  });

  it("an admin's edit of the profile is a new version too: the older one is refused, the fresh one shows the edit", async () => {
    const admin = await createActor(app, 'ADMIN');
    const r = await visibleMember();
    await edit(r, { displayName: 'Марина' });
    const seenEdit = await shown((await pendingItem(app, r.launch.id, 'PROFILE_EDIT')).id);
    const fresh = await submittedRegistrant(app);
    const seenNew = await shown((await pendingItem(app, fresh.launch.id, 'INITIAL')).id);
    for (const id of [r.launch.id, fresh.launch.id]) {
      const res = await app.request
        .patch(`/api/user/${id}/profile`)
        .send({ initData: admin.initData, bio: 'Текст, который вписал администратор' });
      expect(res.status).toBe(200);
    }
    for (const seen of [seenEdit, seenNew]) {
      const res = await decide(app, moderator, { itemId: seen.id, version: seen.version, status: 'APPROVED' });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ message: CHANGED, changed: true });
      const again = await shown(seen.id);
      expect(again.version).toBeGreaterThan(seen.version);
      expect(again.payload.profile?.bio).toBe('Текст, который вписал администратор');
      expect((await decide(app, moderator, { itemId: again.id, version: again.version, status: 'APPROVED' })).status).toBe(200);
    }
  });

  it("approving one of a user's items is a new version of the others: their card changed", async () => {
    const r = await visibleMember();
    await edit(r, { displayName: 'Марина', photos: await uploadPhotos(app, r.initData, 1) });
    const photos = await shown((await pendingItem(app, r.launch.id, 'PHOTOS')).id);
    const text = await pendingItem(app, r.launch.id, 'PROFILE_EDIT');
    expect((await decide(app, moderator, { itemId: text.id, version: text.version, status: 'APPROVED' })).status).toBe(200);
    const res = await decide(app, moderator, { itemId: photos.id, version: photos.version, status: 'APPROVED' });
    expect(res.status).toBe(409);
    const fresh = await shown(photos.id);
    expect(fresh.payload.profile?.displayName).toBe('Марина');
    expect((await decide(app, moderator, { itemId: fresh.id, version: fresh.version, status: 'APPROVED' })).status).toBe(200);
  });

  it('a decision without the version is refused with the same text', async () => {
    const r = await submittedRegistrant(app);
    const item = await pendingItem(app, r.launch.id, 'INITIAL');
    const res = await app.request
      .post('/api/moderation/item/status')
      .send({ initData: moderator.initData, itemId: item.id, status: 'APPROVED' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(CHANGED);
  });
});
