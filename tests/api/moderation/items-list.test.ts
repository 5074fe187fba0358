import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationItemsResponseSchema, type ModerationItemView } from '../../../contracts/moderation';
import { ModerationItem } from '../../../db/moderation/moderation-item.entity';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { createActor, decide, listItems, pendingItem, submittedRegistrant, type Actor } from '../../support/moderation';
import { validDetails } from '../../support/onboarding';
import { createTestApp, type TestApp } from '../../support/test-app';
import { tmaHeader } from '../../support/init-data';

let app: TestApp;
let moderator: Actor;
const em = () => app.db.orm.em.fork();

beforeAll(async () => {
  app = await createTestApp();
  await ensurePlaces(em());
  moderator = await createActor(app, 'MODERATOR');
});
afterAll(() => app.close());

const items = async (query: Record<string, unknown>) => {
  const res = await listItems(app, moderator, query);
  expect(res.status).toBe(200);
  return moderationItemsResponseSchema.parse(res.body);
};

describe('GET /api/moderation/items', () => {
  it('lists a new profile with its user, the card to review and the display meta', async () => {
    const r = await submittedRegistrant(app, { displayName: 'Лиза' });
    const {
      items: [item],
    } = await items({ type: 'INITIAL', status: 'PENDING', userId: r.launch.id });
    expect(item).toMatchObject({
      type: 'INITIAL',
      status: 'PENDING',
      userId: r.launch.id,
      user: { telegramId: r.launch.id, username: 'tester', firstName: 'Тест' },
      meta: { isNewProfile: true, typeLabel: 'Новый профиль', userLabel: '@tester' },
      payload: { isNewProfile: true, sex: 'FEMALE', profile: { displayName: 'Лиза', age: 16, city: 'Москва', gender: 'BISEXUAL' } },
    });
    expect(item!.payload.photos).toHaveLength(3);
    expect(item!.payload.photos[0]).toMatch(/^\/cdn\/images\/[a-f0-9]{24}\/profile$/);
    expect(JSON.stringify(item)).not.toMatch(/wand|birthDate/i);
  });

  it('pages by ten with the total, and by keyset past decided items', async () => {
    const registrants = [];
    for (let i = 0; i < 12; i++) registrants.push(await submittedRegistrant(app));
    const first = await items({ type: 'INITIAL' });
    expect(first.items).toHaveLength(10);
    expect(first.pagination).toMatchObject({ page: 1, limit: 10 });
    const total = first.pagination.total;
    expect(first.pagination.pages).toBe(Math.ceil(total / 10));
    // Deciding what was shown must not make the next page skip anyone.
    for (const item of first.items.slice(0, 5)) await decide(app, moderator, { itemId: item.id, status: 'APPROVED' });
    const next = await items({ type: 'INITIAL', page: 2, afterId: first.items.at(-1)!.id });
    const pending = await em().find(ModerationItem, { type: 'INITIAL', status: 'PENDING' }, { orderBy: { id: 'asc' } });
    expect(next.items.map((i) => i.id)).toEqual(
      pending
        .filter((p) => p.id > first.items.at(-1)!.id)
        .map((p) => p.id)
        .slice(0, 10),
    );
    expect(next.pagination.total).toBe(total - 5);
  });

  it('shows an edit as a before/after of the changed fields, and filters by several types', async () => {
    const r = await submittedRegistrant(app);
    await decide(app, moderator, { itemId: (await pendingItem(app, r.launch.id, 'INITIAL')).id, status: 'APPROVED' });
    await app.request.post('/api/profile/submit-details').send(validDetails(r));
    await decide(app, moderator, { itemId: (await pendingItem(app, r.launch.id, 'PROFILE_DESCRIPTION')).id, status: 'APPROVED' });
    await app.request.patch('/api/profile/my').send({ initData: r.initData, displayName: 'Марина', heightCm: 180 });
    const { items: edits } = await items({ type: 'PROFILE_EDIT,PHOTOS', userId: r.launch.id });
    const edit = edits[0] as ModerationItemView;
    expect(edit.payload.changes).toEqual({
      displayName: { changed: true, value: 'Марина', previous: 'Аня' },
      heightCm: { changed: true, value: 180, previous: 170 },
    });
    expect(edit.payload.profile).toMatchObject({ displayName: 'Марина', heightCm: 180 });
    expect(edit.meta.typeLabel).toBe('Изменения анкеты');
  });

  it('shows one item by id whatever its status (the bot link), and decided ones with their reviewer', async () => {
    const r = await submittedRegistrant(app);
    const item = await pendingItem(app, r.launch.id, 'INITIAL');
    await decide(app, moderator, { itemId: item.id, status: 'APPROVED' });
    const {
      items: [one],
    } = await items({ itemId: item.id, status: 'PENDING' });
    expect(one).toMatchObject({ id: item.id, status: 'APPROVED', reviewer: { telegramId: moderator.id, label: `@${moderator.username}` } });
  });

  it('refuses an unknown type', async () => {
    expect((await listItems(app, moderator, { type: 'SOMETHING' })).status).toBe(400);
  });
});

describe('GET /api/moderation/counts', () => {
  it('counts what waits per type and the open reports', async () => {
    const before = (await app.request.get('/api/moderation/counts').set(tmaHeader(moderator.initData))).body.counts;
    await submittedRegistrant(app);
    const after = (await app.request.get('/api/moderation/counts').set(tmaHeader(moderator.initData))).body.counts;
    expect(after).toEqual({ ...before, INITIAL: before.INITIAL + 1 });
  });
});
