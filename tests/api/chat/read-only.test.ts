import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatInfoResponseSchema, historyResponseSchema } from '../../../contracts/chat';
import { apiGet, apiPost, createPair, messagesSocket, rowCount, sendText, subscribe } from '../../support/chats';
import { birthDateForAge } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
const exec = (sql: string, params: unknown[] = []) => app.db.orm.em.fork().getConnection().execute(sql, params);

// The sender's socket either has the chat open (subscribed: its sends take the access the subscribe read, and their
// statement must find the chat closed itself, issue 42) or not (each send reads it).
let open = false;
async function senderSocket(pair: { a: number; chatId: number }) {
  const socket = await messagesSocket(app, pair.a);
  if (open) expect(await subscribe(socket, pair.chatId)).toMatchObject({ t: 'subscribed' });
  return socket;
}

/** A pair that exchanged one message, then something closed their chat. */
async function closedPair(close: (p: { a: number; b: number }) => Promise<unknown>) {
  const pair = await createPair(app, { age: 16 });
  const socket = await senderSocket(pair);
  await sendText(socket, pair.chatId, 'до закрытия', 'before-close');
  await close(pair);
  return { ...pair, socket };
}

async function expectClosed(
  p: { a: number; b: number; chatId: number; socket: Awaited<ReturnType<typeof messagesSocket>> },
  reason: string,
  notice: string,
) {
  const chatId = String(p.chatId);
  for (const who of [p.a, p.b]) {
    const info = chatInfoResponseSchema.parse((await apiGet(app, who, '/api/messages/chat-info', { chatId })).body);
    expect(info).toMatchObject({ readOnly: true, readOnlyReason: reason, notice, isOnline: false, lastSeen: null });
    // The history stays readable for both.
    const history = historyResponseSchema.parse((await apiGet(app, who, '/api/messages/history', { chatId })).body);
    expect(history.messages.map((m) => m.text)).toEqual(['до закрытия']);
    // The row says the same as the chat's input (issue 40 item 3).
    expect((await apiGet(app, who, '/api/chat/me')).body.items[0]).toMatchObject({ id: chatId, readOnly: true, readOnlyReason: reason });
  }
  expect(await sendText(p.socket, chatId, 'после')).toMatchObject({ t: 'error', data: { message: notice } });
  const sticker = await apiPost(app, p.b, '/api/messages/send-sticker', { chatId, stickerId: '1' });
  expect(sticker.status).toBe(403);
  expect(sticker.body).toMatchObject({ ok: false, message: notice });
  // A retry of what was stored before the chat closed still gets its ack.
  expect(await sendText(p.socket, chatId, 'до закрытия', 'before-close')).toMatchObject({ t: 'sent', data: { duplicate: true } });
  expect(await rowCount(app, 'SELECT count(*) AS n FROM messages WHERE chat_id = ?', [p.chatId])).toBe(1);
  await p.socket.close();
}

describe.each([
  ["with the chat open on the sender's socket", true],
  ['with the chat not open', false],
])('a chat that can no longer be written to, %s', (_name, subscribed) => {
  beforeAll(() => {
    open = subscribed;
  });

  it('after a block (either way) is "Чат недоступен" for both, history readable', async () => {
    const p = await closedPair(({ a, b }) => exec('INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, now())', [b, a]));
    await expectClosed(p, 'UNAVAILABLE', 'Чат недоступен');
  });

  it('across the age band (a birthday) says "Чат закрыт: возрастные ограничения"', async () => {
    // 16 and 16 can talk; once one of them is 18 they cannot.
    const p = await closedPair(({ b }) => exec('UPDATE profiles SET birth_date = ? WHERE user_telegram_id = ?', [birthDateForAge(18), b]));
    await expectClosed(p, 'AGE', 'Чат закрыт: возрастные ограничения');
  });

  it('when the peer is banned is "Чат недоступен" too (the ban is not told)', async () => {
    const pair = await createPair(app, { age: 19 });
    const socket = await senderSocket(pair);
    await sendText(socket, pair.chatId, 'до закрытия', 'before-close');
    await exec('UPDATE users SET is_banned = true WHERE telegram_id = ?', [pair.b]);
    const info = await apiGet(app, pair.a, '/api/messages/chat-info', { chatId: String(pair.chatId) });
    expect(info.body).toMatchObject({ readOnly: true, readOnlyReason: 'UNAVAILABLE', notice: 'Чат недоступен' });
    expect(await sendText(socket, pair.chatId, 'ау')).toMatchObject({ t: 'error', data: { message: 'Чат недоступен' } });
    // The banned user cannot reach the chat at all.
    expect((await apiGet(app, pair.b, '/api/messages/history', { chatId: String(pair.chatId) })).status).toBe(403);
    await socket.close();
  });

  it('opens again when the block is lifted', async () => {
    const { a, b, chatId, socket } = await closedPair(({ a: x, b: y }) =>
      exec('INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, now())', [x, y]),
    );
    await exec('DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?', [a, b]);
    expect(await sendText(socket, chatId, 'мир')).toMatchObject({ t: 'sent', data: { message: { seq: 2 } } });
    await socket.close();
  });
});
