import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileViewResponseSchema } from '../../../contracts/profile-view';
import { apiGet, createPair, rowCount } from '../../support/chats';
import { createMember, introduce, introduceBothWays, type MemberOptions } from '../../support/factories';
import { initDataFor } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const em = () => app.db.orm.em.fork();
const member = (opts: MemberOptions = {}) => createMember(em(), opts);
const exec = (sql: string, params: unknown[] = []) => em().getConnection().execute(sql, params);
const view = (viewer: number, userId: number | string) => apiGet(app, viewer, '/api/profile/view', { userId: String(userId) });

async function expectNotFound(res: Awaited<ReturnType<typeof view>>) {
  expect(res.status, JSON.stringify(res.body)).toBe(404);
  expect(res.body).toEqual({ ok: false, error: 'NOT_FOUND', message: 'Профиль не найден.' });
}

describe('GET /api/profile/view', () => {
  it("answers a peer's public card: display name, age, city, bio, no birth date and no Telegram names", async () => {
    const me = await member({ age: 16 });
    const peer = await member({ age: 17, displayName: 'Вика', city: 'Казань' });
    await exec(
      `UPDATE users SET first_name = 'Виктория', last_name = 'Секретова', username = 'vika_tg', language_code = 'ru' WHERE telegram_id = ?`,
      [peer],
    );
    // The feed served the peer's card to me.
    await introduce(em(), me, peer);
    const res = await view(me, peer);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { profile } = profileViewResponseSchema.parse(res.body);
    expect(profile).toMatchObject({ userId: String(peer), displayName: 'Вика', age: 17, city: 'Казань', gender: 'QUEER' });
    const body = JSON.stringify(res.body);
    for (const secret of ['Виктория', 'Секретова', 'vika_tg', 'birth', '"ru"', 'wand']) expect(body).not.toContain(secret);
  });

  it.each([
    ['a minor two years apart is fine', { age: 15 }, { age: 17 }, 200],
    ['a minor three years apart is refused', { age: 14 }, { age: 17 }, 404],
    ['a minor and an adult are refused', { age: 17 }, { age: 18 }, 404],
    ['adults of any age difference meet', { age: 18 }, { age: 19 }, 200],
  ] as const)('age bands: %s', async (_name, a, b, status) => {
    const [me, peer] = [await member(a), await member(b)];
    // Introduced both ways (say, before a birthday): the age band alone decides.
    await introduceBothWays(em(), me, peer);
    expect((await view(me, peer)).status).toBe(status);
    expect((await view(peer, me)).status).toBe(status);
  });

  it('refuses an unapproved profile (base or description under review) with the same 404', async () => {
    const me = await member();
    // Introduced while approved, then sent back to moderation: the review alone hides them.
    const [fresh, browsing] = [await member({ stage: 'new' }), await member({ stage: 'browsing' })];
    await introduce(em(), me, fresh, browsing);
    await expectNotFound(await view(me, fresh));
    await expectNotFound(await view(me, browsing));
  });

  it('refuses a banned user and an unknown id alike', async () => {
    const me = await member();
    const banned = await member({ banned: true });
    await introduce(em(), me, banned);
    await expectNotFound(await view(me, banned));
    await expectNotFound(await view(me, 999_999_999_999));
  });

  it('refuses both ways once either has blocked the other', async () => {
    const [me, peer] = [await member(), await member()];
    await introduceBothWays(em(), me, peer);
    expect((await view(me, peer)).status).toBe(200);
    await exec('INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, now())', [peer, me]);
    await expectNotFound(await view(me, peer));
    await expectNotFound(await view(peer, me));
  });

  it('refuses a viewer whose own profile is not approved yet', async () => {
    const [me, peer] = [await member({ stage: 'new' }), await member()];
    await introduce(em(), me, peer);
    await expectNotFound(await view(me, peer));
  });

  it('shows the viewer their own card', async () => {
    const me = await member({ displayName: 'Сам' });
    expect((await view(me, me)).body.profile).toMatchObject({ userId: String(me), displayName: 'Сам' });
  });

  it('answers 404 for a malformed id', async () => {
    const res = await view(await member(), 'abc');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Профиль не найден.');
  });
});

describe('GET /api/profile/view-by-chat', () => {
  it("answers the chat peer's card to a member", async () => {
    const { a, b, chatId } = await createPair(app, { age: 16 }, { age: 16, displayName: 'Соня' });
    const res = await apiGet(app, a, '/api/profile/view-by-chat', { chatId: String(chatId) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.profile).toMatchObject({ userId: String(b), displayName: 'Соня' });
  });

  it('refuses someone who is not a member of the chat, with the same 404', async () => {
    const { chatId } = await createPair(app);
    const outsider = await member();
    await expectNotFound(await apiGet(app, outsider, '/api/profile/view-by-chat', { chatId: String(chatId) }));
    await expectNotFound(await apiGet(app, outsider, '/api/profile/view-by-chat', { chatId: '987654321' }));
  });

  it('refuses when the pair has drifted apart in age or the peer blocked the member', async () => {
    const drift = await createPair(app, { age: 17 }, { age: 17 });
    await exec(`UPDATE profiles SET birth_date = (now() - interval '18 years 10 days')::date WHERE user_telegram_id = ?`, [drift.b]);
    await expectNotFound(await apiGet(app, drift.a, '/api/profile/view-by-chat', { chatId: String(drift.chatId) }));
    const blocked = await createPair(app);
    await exec('INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, now())', [blocked.b, blocked.a]);
    await expectNotFound(await apiGet(app, blocked.a, '/api/profile/view-by-chat', { chatId: String(blocked.chatId) }));
  });
});

describe('profile edits', () => {
  it('are queued for moderation and never change the public card before approval', async () => {
    const [me, peer] = [await member({ displayName: 'Старое' }), await member()];
    await introduce(em(), peer, me);
    const res = await app.request
      .patch('/api/profile/my')
      .send({ initData: initDataFor(me), displayName: 'Новое', bio: 'Совсем другое описание' });
    expect(res.body).toMatchObject({ ok: true, editQueued: true, message: 'Изменения отправлены на модерацию' });
    expect(
      await rowCount(app, `SELECT count(*) AS n FROM moderation_items WHERE user_id = ? AND type = 'PROFILE_EDIT' AND status = 'PENDING'`, [
        me,
      ]),
    ).toBe(1);
    const card = (await view(peer, me)).body.profile;
    expect(card).toMatchObject({ displayName: 'Старое', bio: 'Люблю музыку, книги и долгие прогулки по вечерам.' });
  });
});
