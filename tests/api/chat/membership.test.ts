import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiGet,
  apiPost,
  createPair,
  messagesSocket,
  receivedOf,
  rowCount,
  sendText,
  sentinelMessage,
  subscribe,
} from '../../support/chats';
import { createMember } from '../../support/factories';
import { ask } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
const em = () => app.db.orm.em.fork();

const NOT_FOUND = { ok: false, error: 'NOT_FOUND', message: 'Чат не найден' };

describe('someone else’s chat', () => {
  it('is "Чат не найден" on every HTTP call, with no data and nothing written', async () => {
    const { a, b, chatId } = await createPair(app);
    const [sa] = [await messagesSocket(app, a)];
    await sendText(sa, chatId, 'личное');
    const stranger = await createMember(em());
    const id = String(chatId);

    for (const [path, query] of [
      ['/api/messages/chat-info', { chatId: id }],
      ['/api/messages/history', { chatId: id }],
      ['/api/messages/history', { chatId: id, cursor: 5 }],
    ] as const) {
      const res = await apiGet(app, stranger, path, query);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual(NOT_FOUND);
    }
    for (const [path, body] of [
      ['/api/messages/mark-as-read', { chatId: id }],
      ['/api/messages/send-sticker', { chatId: id, stickerId: '1' }],
      ['/api/messages/send-image', { chatId: id, imageId: 'a'.repeat(24) }],
      ['/api/chat/archive', { chatId: id, archived: true }],
    ] as const) {
      const res = await apiPost(app, stranger, path, body);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual(NOT_FOUND);
    }
    const status = await apiGet(app, stranger, '/api/messages/users-online-status', { chatIds: id });
    expect(status.body).toEqual({ ok: true, users: [] });
    const list = await apiGet(app, stranger, '/api/chat/me');
    expect(list.body).toEqual({ ok: true, items: [], nextCursor: null });
    expect(await rowCount(app, 'SELECT count(*) AS n FROM messages WHERE chat_id = ?', [chatId])).toBe(1);
    expect(
      await rowCount(app, 'SELECT count(*) AS n FROM chat_members WHERE chat_id = ? AND (archived OR last_read_seq > 0) AND user_id = ?', [
        chatId,
        b,
      ]),
    ).toBe(0);
    await sa.close();
  });

  it('is refused on every socket request, and a refused subscribe hears nothing of the chat', async () => {
    const { a, chatId } = await createPair(app);
    const stranger = await createMember(em());
    const [sa, spy] = [await messagesSocket(app, a), await messagesSocket(app, stranger)];
    const id = String(chatId);
    for (const [t, data] of [
      ['subscribe', { chatId: id, afterSeq: 0 }],
      ['send', { chatId: id, text: 'взлом', clientId: 'x-1' }],
      ['mark_read', { chatId: id }],
      ['chat_info', { chatId: id }],
    ] as const) {
      expect(await ask(spy, 'messages', t, data), t).toMatchObject({ t: 'error', data: { message: 'Чат не найден' } });
    }
    await sendText(sa, chatId, 'секрет');
    const sentinel = String(await sentinelMessage(app, stranger, spy));
    const ofChat = (m: { data: Record<string, unknown> }) => m.data.chatId !== sentinel;
    expect(receivedOf(spy, 'messages', 'message').filter(ofChat)).toHaveLength(0);
    expect(receivedOf(spy, 'chats', 'newMessage').filter(ofChat)).toHaveLength(0);
    expect(JSON.stringify(spy.received)).not.toContain('секрет');
    expect(await rowCount(app, 'SELECT count(*) AS n FROM messages WHERE chat_id = ?', [chatId])).toBe(1);
    await Promise.all([sa.close(), spy.close()]);
  });

  it('answers malformed and unknown chat ids the same way', async () => {
    const me = await createMember(em());
    const socket = await messagesSocket(app, me);
    expect((await apiGet(app, me, '/api/messages/chat-info', { chatId: 'abc' })).body).toMatchObject({
      ok: false,
      message: 'Чат не найден',
    });
    expect((await apiGet(app, me, '/api/messages/chat-info', { chatId: '999999999' })).body).toEqual(NOT_FOUND);
    expect(await subscribe(socket, 'drop table')).toMatchObject({ t: 'error', data: { message: 'Чат не найден' } });
    await socket.close();
  });
});
