import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveSummarySchema, chatListResponseSchema, historyResponseSchema, markReadResponseSchema } from '../../../contracts/chat';
import { postMessage } from '../../../db/chats/messages.service';
import { apiGet, apiPost, createPair, openChatBetween } from '../../support/chats';
import { createMember } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
const em = () => app.db.orm.em.fork();
const say = (chatId: number, senderId: number, text: string, now?: Date) =>
  postMessage(em(), app.bus, { chatId, senderId, clientId: null, content: { type: 'TEXT', text }, now });
const exec = (sql: string, params: unknown[] = []) => em().getConnection().execute(sql, params);

describe('GET /api/chat/me', () => {
  it('pages 20 at a time by last activity with a cursor, without overlap', async () => {
    const me = await createMember(em(), { age: 17 });
    const chats: number[] = [];
    for (let i = 0; i < 25; i++) {
      const peer = await createMember(em(), { age: 17, displayName: `Друг${i}` });
      const chatId = await openChatBetween(em(), me, peer);
      await say(chatId, peer, `сообщение ${i}`, new Date(Date.UTC(2026, 0, 1, 0, i)));
      chats.push(chatId);
    }
    const first = chatListResponseSchema.parse((await apiGet(app, me, '/api/chat/me')).body);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({
      id: String(chats[24]),
      title: 'Друг24',
      message: { last: 'сообщение 24', time: '2026-01-01T00:24:00.000Z' },
      unreadCount: 1,
      isRead: false,
    });
    expect(first.nextCursor).not.toBeNull();
    const second = chatListResponseSchema.parse((await apiGet(app, me, '/api/chat/me', { cursor: first.nextCursor })).body);
    expect(second.items.map((c) => c.id)).toEqual(chats.slice(0, 5).reverse().map(String));
    expect(second.nextCursor).toBeNull();
    // A new message moves its chat to the top.
    await say(chats[0]!, me, 'я вернулся');
    const again = chatListResponseSchema.parse((await apiGet(app, me, '/api/chat/me', { limit: 2 })).body);
    expect(again.items.map((c) => c.id)).toEqual([String(chats[0]), String(chats[24])]);
    expect(again.items[0]).toMatchObject({ message: { last: 'я вернулся' }, unreadCount: 0 }); // sending reads the chat
    expect((await apiGet(app, me, '/api/chat/me', { cursor: 'nonsense' })).body).toMatchObject({
      ok: false,
      message: 'Некорректный курсор',
    });
    // Past bigint: refused by the contract, not a 500 from the database.
    const huge = await apiGet(app, me, '/api/chat/me', { cursor: '99999999999999999999.123456789012345678' });
    expect(huge.status).toBe(400);
    expect(huge.body).toEqual({ ok: false, error: 'BAD_REQUEST', message: 'Некорректный курсор', field: 'cursor' });
  });

  it('titles a chat with the peer’s display name and first approved photo, never Telegram names', async () => {
    const { a, b, chatId } = await createPair(app, { displayName: 'Аня' }, { displayName: 'Соня' });
    await exec(
      `INSERT INTO images (id, owner_telegram_id, kind, mime, width, height, bytes, created_at) VALUES ('aaaaaaaaaaaaaaaaaaaaaaaa', ?, 'profile', 'image/webp', 10, 10, 10, now()), ('bbbbbbbbbbbbbbbbbbbbbbbb', ?, 'profile', 'image/webp', 10, 10, 10, now())`,
      [b, b],
    );
    await exec(
      `INSERT INTO photos (owner_telegram_id, image_id, position, status, created_at) VALUES (?, 'aaaaaaaaaaaaaaaaaaaaaaaa', 0, 'PENDING', now()), (?, 'bbbbbbbbbbbbbbbbbbbbbbbb', 1, 'APPROVED', now())`,
      [b, b],
    );
    await exec(`UPDATE users SET first_name = 'Телеграм', last_name = 'Фамилия' WHERE telegram_id = ?`, [b]);
    const list = chatListResponseSchema.parse((await apiGet(app, a, '/api/chat/me')).body);
    expect(list.items).toEqual([
      expect.objectContaining({
        id: String(chatId),
        title: 'Соня',
        avatarUrl: '/cdn/images/bbbbbbbbbbbbbbbbbbbbbbbb/profile?w=128',
        peerUserId: String(b),
        message: { last: null, time: null },
        readOnly: false,
      }),
    ]);
    expect(JSON.stringify(list)).not.toMatch(/Телеграм|Фамилия/);
  });

  it('shows "Удалённый аккаунт" once the peer’s account is gone, keeping the history readable and closed', async () => {
    const { a, b, chatId } = await createPair(app, { displayName: 'Аня' }, { displayName: 'Уходящий' });
    await say(chatId, b, 'пока навсегда');
    await exec('DELETE FROM users WHERE telegram_id = ?', [b]);
    const list = chatListResponseSchema.parse((await apiGet(app, a, '/api/chat/me')).body);
    expect(list.items[0]).toMatchObject({
      id: String(chatId),
      title: 'Удалённый аккаунт',
      avatarUrl: null,
      peerUserId: null,
      readOnly: true,
      message: { last: 'пока навсегда' },
    });
    const info = await apiGet(app, a, '/api/messages/chat-info', { chatId: String(chatId) });
    expect(info.body).toMatchObject({
      title: 'Удалённый аккаунт',
      readOnly: true,
      readOnlyReason: 'DELETED',
      notice: 'Собеседник удалил аккаунт',
    });
    const history = historyResponseSchema.parse((await apiGet(app, a, '/api/messages/history', { chatId: String(chatId) })).body);
    expect(history.messages).toMatchObject([{ text: 'пока навсегда', senderId: null }]);
  });
});

describe('unread counts and mark-as-read', () => {
  it('counts others’ unread messages per chat and in total, and marks read up to a seq or to the end', async () => {
    const me = await createMember(em(), { age: 19 });
    const [p1, p2] = [await createMember(em(), { age: 20 }), await createMember(em(), { age: 22 })];
    const [c1, c2] = [await openChatBetween(em(), me, p1), await openChatBetween(em(), me, p2)];
    for (const text of ['1', '2', '3']) await say(c1, p1, text);
    await say(c2, p2, 'привет');
    await say(c2, me, 'и тебе'); // own messages never count, and sending reads the chat
    const total = async () => (await apiGet(app, me, '/api/messages/total-unread-count')).body;
    expect(await total()).toEqual({ ok: true, totalUnreadCount: 3 });

    const partial = markReadResponseSchema.parse(
      (await apiPost(app, me, '/api/messages/mark-as-read', { chatId: String(c1), seq: 2 })).body,
    );
    expect(partial).toEqual({ ok: true, chatId: String(c1), lastReadSeq: 2, unreadCount: 1, totalUnreadCount: 1 });
    // A read mark never moves back, nor past the last message.
    const back = markReadResponseSchema.parse((await apiPost(app, me, '/api/messages/mark-as-read', { chatId: String(c1), seq: 1 })).body);
    expect(back.lastReadSeq).toBe(2);
    const all = markReadResponseSchema.parse((await apiPost(app, me, '/api/messages/mark-as-read', { chatId: String(c1), seq: 99 })).body);
    expect(all).toMatchObject({ lastReadSeq: 3, unreadCount: 0, totalUnreadCount: 0 });
    expect(await total()).toEqual({ ok: true, totalUnreadCount: 0 });
    const peerView = await apiGet(app, p2, '/api/chat/me');
    expect(peerView.body.items[0]).toMatchObject({ unreadCount: 1, message: { last: 'и тебе' } });
  });
});

describe('archive', () => {
  it('summarises archived chats (message count and titles) and takes them out of the list and the badge', async () => {
    const me = await createMember(em(), { age: 16 });
    const [p1, p2, p3] = [
      await createMember(em(), { age: 16, displayName: 'Катя' }),
      await createMember(em(), { age: 16, displayName: 'Лена' }),
      await createMember(em(), { age: 17, displayName: 'Маша' }),
    ];
    const [c1, c2, c3] = [await openChatBetween(em(), me, p1), await openChatBetween(em(), me, p2), await openChatBetween(em(), me, p3)];
    await say(c1, p1, 'раз');
    await say(c1, me, 'два');
    await say(c2, p2, 'три');
    await say(c3, p3, 'четыре');
    expect(archiveSummarySchema.parse((await apiGet(app, me, '/api/chat/archive')).body)).toEqual({
      ok: true,
      messageCount: 0,
      chatTitles: [],
    });
    for (const chatId of [c1, c2]) await apiPost(app, me, '/api/chat/archive', { chatId: String(chatId), archived: true });
    expect((await apiGet(app, me, '/api/chat/archive')).body).toEqual({ ok: true, messageCount: 3, chatTitles: ['Лена', 'Катя'] });
    expect((await apiGet(app, me, '/api/chat/me')).body.items.map((c: { id: string }) => c.id)).toEqual([String(c3)]);
    expect((await apiGet(app, me, '/api/messages/total-unread-count')).body.totalUnreadCount).toBe(1);
    await apiPost(app, me, '/api/chat/archive', { chatId: String(c2), archived: false });
    expect((await apiGet(app, me, '/api/chat/archive')).body).toEqual({ ok: true, messageCount: 2, chatTitles: ['Катя'] });
  });
});

describe('GET /api/messages/history', () => {
  it('pages 30 at a time from the newest, oldest first within a page, with a seq cursor', async () => {
    const { a, b, chatId } = await createPair(app);
    for (let i = 1; i <= 65; i++) await say(chatId, i % 2 ? a : b, `m${i}`);
    const first = historyResponseSchema.parse((await apiGet(app, a, '/api/messages/history', { chatId: String(chatId) })).body);
    expect(first.messages.map((m) => m.seq)).toEqual(Array.from({ length: 30 }, (_, i) => 36 + i));
    expect(first.nextCursor).toBe('36');
    const second = historyResponseSchema.parse(
      (await apiGet(app, a, '/api/messages/history', { chatId: String(chatId), cursor: first.nextCursor })).body,
    );
    expect(second.messages.map((m) => m.seq)).toEqual(Array.from({ length: 30 }, (_, i) => 6 + i));
    const last = historyResponseSchema.parse(
      (await apiGet(app, a, '/api/messages/history', { chatId: String(chatId), cursor: second.nextCursor })).body,
    );
    expect(last.messages.map((m) => m.text)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(last.nextCursor).toBeNull();
  });
});
