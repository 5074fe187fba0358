import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privacyOverviewSchema } from '../../../contracts/privacy';
import { apiGet, apiPost, createPair, messagesSocket, rowCount, subscribe } from '../../support/chats';
import { birthDateForAge, createMember, introduce, introduceBothWays, type MemberOptions } from '../../support/factories';
import { ask, socketAs } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const em = () => app.db.orm.em.fork();
const exec = (sql: string, params: unknown[] = []) => em().getConnection().execute(sql, params);
const member = (opts: MemberOptions = {}) => createMember(em(), opts);
const overview = async (userId: number) => {
  const res = await apiGet(app, userId, '/api/privacy/settings');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return privacyOverviewSchema.parse(res.body);
};
const post = (userId: number, body: Record<string, unknown>) => apiPost(app, userId, '/api/privacy/settings', body);
const block = (me: number, userId: number | string) => post(me, { action: 'addToBlacklist', userId: String(userId) });
const view = (me: number, userId: number) => apiGet(app, me, '/api/profile/view', { userId: String(userId) });

describe('privacy settings', () => {
  it('start at the defaults: 6 months, data use not allowed until the user ticks it (AMENDMENTS §4.3), empty lists', async () => {
    const me = await member();
    expect(await overview(me)).toEqual({
      ok: true,
      settings: { autoDeleteMessages: 'HALF_YEAR', allowDataForTraining: false },
      blacklist: [],
      archive: [],
      likesHistory: [],
      counts: { blacklist: 0, archive: 0, likesHistory: 0 },
    });
  });

  it('save either setting on its own and read back what was saved', async () => {
    const me = await member();
    const first = await post(me, { autoDeleteMessages: 'WEEK' });
    expect(first.body).toEqual({
      ok: true,
      message: 'Настройки сохранены',
      settings: { autoDeleteMessages: 'WEEK', allowDataForTraining: false },
    });
    await post(me, { allowDataForTraining: true });
    expect((await overview(me)).settings).toEqual({ autoDeleteMessages: 'WEEK', allowDataForTraining: true });
    for (const period of ['DAY', 'MONTH', 'HALF_YEAR'] as const) {
      await post(me, { autoDeleteMessages: period, allowDataForTraining: true });
      expect((await overview(me)).settings).toEqual({ autoDeleteMessages: period, allowDataForTraining: true });
    }
  });

  it.each([
    [{ autoDeleteMessages: 'YEAR' }, 'Срок автоудаления: DAY, WEEK, MONTH или HALF_YEAR'],
    [{}, 'Нет настроек для сохранения'],
    [{ action: 'banEveryone', userId: '1' }, 'Действие: addToBlacklist или removeFromBlacklist'],
    [{ action: 'addToBlacklist' }, 'Не указан пользователь'],
  ])('refuse %j with "%s"', async (body, message) => {
    const res = await post(await member(), body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('blacklist', () => {
  it("lists a blocked user by display name and first photo, never by Telegram's names", async () => {
    const [me, peer] = [await member(), await member({ displayName: 'Вика' })];
    await exec(`UPDATE users SET first_name = 'Виктория', last_name = 'Секретова', username = 'vika_tg' WHERE telegram_id = ?`, [peer]);
    await introduce(em(), me, peer);
    const res = await block(me, peer);
    expect(res.body).toEqual({ ok: true, message: 'Пользователь заблокирован' });
    const { blacklist, counts } = await overview(me);
    expect(counts.blacklist).toBe(1);
    expect(blacklist).toEqual([
      {
        id: String(peer),
        username: null,
        firstName: 'Вика',
        lastName: null,
        displayName: 'Вика',
        photoUrl: null,
        blockedAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(blacklist)).not.toMatch(/Виктория|Секретова|vika_tg/);
  });

  it('never shows the @username, even when the pair had matched (AMENDMENTS §4.3)', async () => {
    const { a, b, chatId } = await createPair(app);
    await exec(`UPDATE users SET username = 'matched_tg' WHERE telegram_id = ?`, [b]);
    await exec('INSERT INTO matches (user_low_id, user_high_id, matched_at, chat_id) VALUES (?, ?, now(), ?)', [
      Math.min(a, b),
      Math.max(a, b),
      chatId,
    ]);
    await block(a, b);
    const { blacklist } = await overview(a);
    expect(blacklist[0]).toMatchObject({ id: String(b), username: null });
    expect(JSON.stringify(blacklist)).not.toContain('matched_tg');
  });

  it('shows the name and photo only while the age and visibility rules allow them; the entry stays to unblock', async () => {
    const { a, b } = await createPair(app, { age: 16 }, { age: 16, displayName: 'Соня' });
    const image = `c${b}`.padEnd(24, 'c');
    await exec(
      `INSERT INTO images (id, owner_telegram_id, kind, mime, width, height, bytes, created_at) VALUES (?, ?, 'profile', 'image/webp', 10, 10, 10, now())`,
      [image, b],
    );
    await exec(`INSERT INTO photos (owner_telegram_id, image_id, position, status, created_at) VALUES (?, ?, 0, 'APPROVED', now())`, [
      b,
      image,
    ]);
    await block(a, b);
    expect((await overview(a)).blacklist[0]).toMatchObject({
      id: String(b),
      displayName: 'Соня',
      photoUrl: expect.stringContaining(image),
    });
    const hidden = { id: String(b), username: null, firstName: null, lastName: null, displayName: null, photoUrl: null };
    // A birthday across the band, a ban, a profile sent back to moderation: each hides the person.
    const changes: Array<[string, unknown[], string, unknown[]]> = [
      [
        'UPDATE profiles SET birth_date = ? WHERE user_telegram_id = ?',
        [birthDateForAge(18), b],
        'UPDATE profiles SET birth_date = ? WHERE user_telegram_id = ?',
        [birthDateForAge(16), b],
      ],
      ['UPDATE users SET is_banned = true WHERE telegram_id = ?', [b], 'UPDATE users SET is_banned = false WHERE telegram_id = ?', [b]],
      [
        `UPDATE profiles SET description_moderation_status = 'PENDING' WHERE user_telegram_id = ?`,
        [b],
        `UPDATE profiles SET description_moderation_status = 'APPROVED' WHERE user_telegram_id = ?`,
        [b],
      ],
    ];
    for (const [change, params, undo, undoParams] of changes) {
      await exec(change, params);
      const { blacklist, counts } = await overview(a);
      expect(blacklist).toEqual([{ ...hidden, blockedAt: expect.any(String) }]);
      expect(counts.blacklist).toBe(1);
      await exec(undo, undoParams);
    }
  });

  it('is idempotent: blocking twice is one entry', async () => {
    const [me, peer] = [await member(), await member()];
    await introduce(em(), me, peer);
    expect((await block(me, peer)).status).toBe(200);
    expect((await block(me, peer)).status).toBe(200);
    expect(await rowCount(app, 'SELECT count(*) AS n FROM blocks WHERE blocker_id = ?', [me])).toBe(1);
  });

  it('refuses blocking oneself, and answers "Профиль не найден." for ids the user never came across', async () => {
    const me = await member({ age: 14 });
    const self = await block(me, me);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('Нельзя заблокировать самого себя');
    for (const stranger of [await member({ age: 19 }), 999_999_999_999]) {
      const res = await block(me, stranger);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Профиль не найден.');
    }
    expect(await rowCount(app, 'SELECT count(*) AS n FROM blocks WHERE blocker_id = ?', [me])).toBe(0);
  });

  it('hides both users from each other, until the block is lifted', async () => {
    const [me, peer] = [await member(), await member()];
    // The feed served my card to the peer, whose like then reached me.
    await introduceBothWays(em(), me, peer);
    await exec(`INSERT INTO likes (from_id, to_id, kind, created_at) VALUES (?, ?, 'LIKE', now())`, [peer, me]);
    const history = (who: number) => apiGet(app, who, '/api/likes/history', { filter: 'received-likes' });
    expect((await history(me)).body.likes).toHaveLength(1);

    await block(me, peer);
    expect((await view(me, peer)).status).toBe(404);
    expect((await view(peer, me)).status).toBe(404);
    expect((await history(me)).body.likes).toHaveLength(0);
    expect((await overview(me)).counts.likesHistory).toBe(0);
    // The likes screen's cards leave them out too, so a card blocked there never comes back.
    const socket = await socketAs(app, me);
    expect((await ask<{ data: { likes: unknown[] } }>(socket, 'likes', 'get_received', { page: 1, limit: 20 })).data.likes).toEqual([]);
    await socket.close();

    const res = await post(me, { action: 'removeFromBlacklist', userId: peer });
    expect(res.body).toEqual({ ok: true, message: 'Пользователь разблокирован' });
    expect((await overview(me)).blacklist).toEqual([]);
    expect((await view(me, peer)).status).toBe(200);
    expect((await view(peer, me)).status).toBe(200);
    expect((await history(me)).body.likes).toHaveLength(1);
    // Unblocking someone who is not on the list is fine too.
    expect((await post(me, { action: 'removeFromBlacklist', userId: peer })).status).toBe(200);
  });

  it("turns the pair's open chat read-only at once, for both", async () => {
    const { a, b, chatId } = await createPair(app);
    const peerSocket = await messagesSocket(app, b);
    await subscribe(peerSocket, chatId);
    await block(a, b);
    const info = await peerSocket.next((m) => m.t === 'chat_info' && (m.data as { readOnly?: boolean }).readOnly === true);
    expect(info.data).toMatchObject({ chatId: String(chatId), readOnly: true, notice: 'Чат недоступен' });
    await peerSocket.next((m) => m.t === 'chatUpdated' && (m.data as { chat: { readOnly: boolean } }).chat.readOnly);
    const chatInfo = await apiGet(app, a, '/api/messages/chat-info', { chatId: String(chatId) });
    expect(chatInfo.body).toMatchObject({ readOnly: true });
    await peerSocket.close();
  });
});

describe('archive and likes history on the privacy screen', () => {
  it('count archived chats with their titles, and recent likes given and received', async () => {
    const { a, b, chatId } = await createPair(app, { displayName: 'Аня' }, { displayName: 'Соня' });
    await exec('UPDATE chat_members SET archived = true WHERE chat_id = ? AND user_id = ?', [chatId, a]);
    const c = await member();
    await exec(
      `INSERT INTO likes (from_id, to_id, kind, created_at) VALUES (?, ?, 'LIKE', now() - interval '1 hour'), (?, ?, 'LIKE', now())`,
      [a, b, c, a],
    );
    const { archive, likesHistory, counts } = await overview(a);
    expect(archive).toEqual([{ chatId: String(chatId), title: 'Соня' }]);
    expect(likesHistory.map((l) => [l.userId, l.isMyLike])).toEqual([
      [String(c), false],
      [String(b), true],
    ]);
    expect(counts).toEqual({ blacklist: 0, archive: 1, likesHistory: 2 });
  });
});
