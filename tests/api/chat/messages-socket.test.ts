import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessageSchema, chatsPushes, sentDataSchema, subscribedDataSchema } from '../../../contracts/chat';
import { swipe } from '../../../db/likes/likes.service';
import { apiPost, createPair, messagesSocket, receivedOf, rowCount, sendText, sentinelMessage, subscribe } from '../../support/chats';
import { createMember, introduce } from '../../support/factories';
import { ask } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
const em = () => app.db.orm.em.fork();

describe('/ws/messages send', () => {
  it('acks with the stored message under the same cid and pushes it to both members', async () => {
    const { a, b, chatId } = await createPair(app);
    const [sa, sb] = [await messagesSocket(app, a), await messagesSocket(app, b)];
    await subscribe(sb, chatId);
    const cid = 'send-1';
    sa.send({ ch: 'messages', t: 'send', cid, data: { chatId: String(chatId), text: '  Привет!  ', clientId: 'c-1' } });
    const ack = await sa.next<{ ch: string; t: string; data: unknown }>((m) => m.cid === cid);
    expect(ack).toMatchObject({ ch: 'messages', t: 'sent' });
    const { message, duplicate } = sentDataSchema.parse(ack.data);
    expect(duplicate).toBe(false);
    expect(message).toMatchObject({
      chatId: String(chatId),
      seq: 1,
      senderId: String(a),
      clientId: 'c-1',
      messageType: 'TEXT',
      text: 'Привет!',
      blurred: false,
    });

    const pushed = await sb.next((m) => m.ch === 'messages' && m.t === 'message');
    expect(chatMessageSchema.parse((pushed.data as { message: unknown }).message)).toEqual(message);
    const listed = chatsPushes.newMessage.parse((await sb.next((m) => m.ch === 'chats' && m.t === 'newMessage')).data);
    expect(listed).toMatchObject({ chatId: String(chatId), message: { id: message.id }, preview: { last: 'Привет!' } });
    // The sender's other screens learn about it too (their list shows the last message).
    expect(chatsPushes.newMessage.parse((await sa.next((m) => m.ch === 'chats' && m.t === 'newMessage')).data).message.id).toBe(message.id);
    await Promise.all([sa.close(), sb.close()]);
  });

  it('refuses blank, too long and client-id-less sends with a clear message and stores nothing', async () => {
    const { a, chatId } = await createPair(app);
    const socket = await messagesSocket(app, a);
    expect(await sendText(socket, chatId, '   ')).toMatchObject({ t: 'error', data: { message: 'Введите текст сообщения' } });
    expect(await sendText(socket, chatId, 'я'.repeat(4001))).toMatchObject({
      t: 'error',
      data: { message: 'Сообщение не длиннее 4000 символов' },
    });
    expect(await ask(socket, 'messages', 'send', { chatId: String(chatId), text: 'без id' })).toMatchObject({
      t: 'error',
      data: { message: 'Некорректный clientId сообщения' },
    });
    expect(await sendText(socket, chatId, 'я'.repeat(4000))).toMatchObject({ t: 'sent' });
    expect(await rowCount(app, 'SELECT count(*) AS n FROM messages WHERE chat_id = ?', [chatId])).toBe(1);
    await socket.close();
  });

  it('stores a retried send once: the same clientId twice gives the same message and one row', async () => {
    const { a, b, chatId } = await createPair(app);
    const [sa, sb] = [await messagesSocket(app, a), await messagesSocket(app, b)];
    const first = await sendText(sa, chatId, 'один раз', 'retry-1');
    const again = await sendText(sa, chatId, 'один раз', 'retry-1');
    expect(again.data).toMatchObject({ duplicate: true, message: { id: first.data.message!.id, seq: 1 } });
    expect(await rowCount(app, 'SELECT count(*) AS n FROM messages WHERE chat_id = ?', [chatId])).toBe(1);
    await sentinelMessage(app, b, sb);
    expect(receivedOf(sb, 'chats', 'newMessage').filter((m) => m.data.chatId === String(chatId))).toHaveLength(1);
    await Promise.all([sa.close(), sb.close()]);
  });

  it('stores one row when the same clientId arrives on two sockets at once', async () => {
    const { a, chatId } = await createPair(app);
    const sockets = await Promise.all([messagesSocket(app, a), messagesSocket(app, a), messagesSocket(app, a)]);
    const replies = await Promise.all(sockets.map((s) => sendText(s, chatId, 'гонка', 'race-1')));
    expect(new Set(replies.map((r) => r.data.message!.id)).size).toBe(1);
    expect(replies.filter((r) => r.data.duplicate === false)).toHaveLength(1);
    expect(await rowCount(app, 'SELECT count(*) AS n FROM messages WHERE chat_id = ?', [chatId])).toBe(1);
    await Promise.all(sockets.map((s) => s.close()));
  });

  it('orders concurrent sends of both members: seq strictly increasing without gaps, delivered in order', async () => {
    const { a, b, chatId } = await createPair(app);
    const [sa, sb, watcher] = [await messagesSocket(app, a), await messagesSocket(app, b), await messagesSocket(app, b)];
    await subscribe(watcher, chatId);
    const sends = [];
    for (let i = 0; i < 25; i++) sends.push(sendText(sa, chatId, `a${i}`), sendText(sb, chatId, `b${i}`));
    const acks = await Promise.all(sends);
    expect(acks.every((r) => r.t === 'sent')).toBe(true);
    const seqs = acks.map((r) => r.data.message!.seq as number).sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const rows = (await em().getConnection().execute('SELECT seq FROM messages WHERE chat_id = ? ORDER BY id', [chatId])) as Array<{
      seq: string;
    }>;
    expect(rows.map((r) => Number(r.seq))).toEqual(seqs);
    // Each socket's sends keep the order they were sent in.
    const bySeq = acks.map((r) => r.data.message!).sort((x, y) => (x.seq as number) - (y.seq as number));
    for (const who of ['a', 'b']) {
      const texts = bySeq.filter((m) => String(m.text).startsWith(who)).map((m) => m.text);
      expect(texts).toEqual(Array.from({ length: 25 }, (_, i) => `${who}${i}`));
    }
    await expect.poll(() => receivedOf(watcher, 'messages', 'message').length).toBe(50);
    expect(receivedOf(watcher, 'messages', 'message').map((m) => (m.data.message as { seq: number }).seq)).toEqual(seqs);
    await Promise.all([sa.close(), sb.close(), watcher.close()]);
  });

  it('limits a flood of sends with a clear message', async () => {
    const { a, chatId } = await createPair(app);
    const socket = await messagesSocket(app, a);
    const replies = [];
    for (let i = 0; i < 31; i++) replies.push(await sendText(socket, chatId, `флуд ${i}`));
    expect(replies.slice(0, 30).every((r) => r.t === 'sent')).toBe(true);
    expect(replies[30]).toMatchObject({
      t: 'error',
      data: { message: expect.stringMatching(/^Слишком много сообщений\. Попробуйте через \d+ с$/), retryAfter: expect.any(Number) },
    });
    await socket.close();
  });
});

describe('/ws/messages subscribe and catch-up', () => {
  it('gives a reconnecting client exactly what it missed after its last seq, then live messages', async () => {
    const { a, b, chatId } = await createPair(app);
    const sa = await messagesSocket(app, a);
    let sb = await messagesSocket(app, b);
    await subscribe(sb, chatId);
    await sendText(sa, chatId, 'до обрыва');
    const held = await sb.next((m) => m.t === 'message');
    const lastSeq = (held.data as { message: { seq: number } }).message.seq;
    await sb.close();
    for (const text of ['пока', 'тебя', 'не было']) await sendText(sa, chatId, text);

    sb = await messagesSocket(app, b);
    const reply = subscribedDataSchema.parse((await subscribe(sb, chatId, lastSeq)).data);
    expect(reply.messages.map((m) => m.text)).toEqual(['пока', 'тебя', 'не было']);
    expect(reply.messages.map((m) => m.seq)).toEqual([2, 3, 4]);
    expect(reply).toMatchObject({ chatId: String(chatId), lastSeq: 4, hasMore: false });
    await sendText(sa, chatId, 'снова тут');
    expect(await sb.next((m) => m.t === 'message')).toMatchObject({ data: { message: { seq: 5, text: 'снова тут' } } });
    await Promise.all([sa.close(), sb.close()]);
  });

  it('pages a long catch-up (200 at a time) and opens a chat with its latest page when afterSeq is absent', async () => {
    const { a, b, chatId } = await createPair(app);
    await em()
      .getConnection()
      .execute(
        `INSERT INTO messages (chat_id, sender_id, client_id, seq, type, text, created_at) SELECT ?, ?, 'bulk-' || g, g, 'TEXT', 'm' || g, now() FROM generate_series(1, 230) g`,
        [chatId, a],
      );
    await em().getConnection().execute('UPDATE chats SET last_seq = 230 WHERE id = ?', [chatId]);
    const socket = await messagesSocket(app, b);
    const first = subscribedDataSchema.parse((await subscribe(socket, chatId, 0)).data);
    expect(first.messages).toHaveLength(200);
    expect(first.hasMore).toBe(true);
    const second = subscribedDataSchema.parse((await subscribe(socket, chatId, first.messages.at(-1)!.seq)).data);
    expect(second.messages.map((m) => m.seq)).toEqual(Array.from({ length: 30 }, (_, i) => 201 + i));
    expect(second.hasMore).toBe(false);
    const latest = subscribedDataSchema.parse((await subscribe(socket, chatId)).data);
    expect(latest.messages.map((m) => m.seq)).toEqual(Array.from({ length: 30 }, (_, i) => 201 + i));
    await socket.close();
  });

  it('stops live messages after unsubscribe while the list still hears newMessage', async () => {
    const { a, b, chatId } = await createPair(app);
    const [sa, sb] = [await messagesSocket(app, a), await messagesSocket(app, b)];
    await subscribe(sb, chatId);
    expect(await ask(sb, 'messages', 'unsubscribe', { chatId: String(chatId) })).toMatchObject({
      t: 'unsubscribed',
      data: { chatId: String(chatId) },
    });
    await sendText(sa, chatId, 'ты не смотришь');
    await sb.next((m) => m.t === 'newMessage');
    await sentinelMessage(app, b, sb);
    expect(receivedOf(sb, 'messages', 'message').filter((m) => m.data.chatId === String(chatId))).toHaveLength(0);
    await Promise.all([sa.close(), sb.close()]);
  });

  it('answers chat_info and mark_read on the socket, and refuses an unknown request', async () => {
    const { a, b, chatId } = await createPair(app, { displayName: 'Аня' }, { displayName: 'Боря' });
    const [sa, sb] = [await messagesSocket(app, a), await messagesSocket(app, b)];
    await sendText(sa, chatId, 'раз');
    await sendText(sa, chatId, 'два');
    expect(await ask(sb, 'messages', 'chat_info', { chatId: String(chatId) })).toMatchObject({
      t: 'chat_info',
      data: {
        chatId: String(chatId),
        title: 'Аня',
        peerUserId: String(a),
        isOnline: true,
        readOnly: false,
        lastSeq: 2,
        lastReadSeq: 0,
        unreadCount: 2,
      },
    });
    expect(await ask(sb, 'messages', 'mark_read', { chatId: String(chatId), seq: 1 })).toMatchObject({
      t: 'read',
      data: { lastReadSeq: 1, unreadCount: 1, totalUnreadCount: 1 },
    });
    expect(await ask(sb, 'messages', 'mark_read', { chatId: String(chatId) })).toMatchObject({
      t: 'read',
      data: { lastReadSeq: 2, unreadCount: 0 },
    });
    expect(await ask(sb, 'messages', 'dance', {})).toMatchObject({ t: 'error', data: { message: 'Неизвестный запрос' } });
    await Promise.all([sa.close(), sb.close()]);
  });
});

describe('/ws/messages chat list events', () => {
  it('sends a presence snapshot on open and chatCreated to both sides of a new match', async () => {
    const [a, b] = [await createMember(em(), { age: 15, displayName: 'Аня' }), await createMember(em(), { age: 15, displayName: 'Боря' })];
    const [sa, sb] = [await messagesSocket(app, a), await messagesSocket(app, b)];
    expect(chatsPushes.presenceSnapshot.parse((await sa.next((m) => m.t === 'presenceSnapshot')).data)).toEqual({ users: [] });
    // The feed served b's card to a; a's like introduces a to b.
    await introduce(em(), a, b);
    await swipe(em(), app.bus, { fromId: a, toId: b, kind: 'LIKE' });
    const { chatId } = await swipe(em(), app.bus, { fromId: b, toId: a, kind: 'LIKE' });
    const forA = chatsPushes.chatCreated.parse((await sa.next((m) => m.t === 'chatCreated')).data);
    const forB = chatsPushes.chatCreated.parse((await sb.next((m) => m.t === 'chatCreated')).data);
    expect(forA.chat).toMatchObject({
      id: String(chatId),
      title: 'Боря',
      peerUserId: String(b),
      isOnline: true,
      unreadCount: 0,
      message: { last: null },
    });
    expect(forB.chat).toMatchObject({ id: String(chatId), title: 'Аня', peerUserId: String(a) });
    await Promise.all([sa.close(), sb.close()]);
  });

  it("tells the reader's other screens (chatUpdated) when a chat is read, and chatDeleted when it is archived", async () => {
    const { a, b, chatId } = await createPair(app);
    const [sa, list] = [await messagesSocket(app, a), await messagesSocket(app, b)];
    await sendText(sa, chatId, 'прочитай меня');
    await list.next((m) => m.t === 'newMessage');
    const read = await apiPost(app, b, '/api/messages/mark-as-read', { chatId: String(chatId) });
    expect(read.body).toMatchObject({ ok: true, unreadCount: 0 });
    const updated = chatsPushes.chatUpdated.parse((await list.next((m) => m.t === 'chatUpdated')).data);
    expect(updated.chat).toMatchObject({ id: String(chatId), unreadCount: 0, isRead: true, message: { last: 'прочитай меня' } });
    await sentinelMessage(app, a, sa);
    expect(receivedOf(sa, 'chats', 'chatUpdated')).toHaveLength(0);

    const archived = await apiPost(app, b, '/api/chat/archive', { chatId: String(chatId), archived: true });
    expect(archived.body).toMatchObject({ ok: true, archived: true });
    expect(chatsPushes.chatDeleted.parse((await list.next((m) => m.t === 'chatDeleted')).data)).toEqual({ chatId: String(chatId) });
    await Promise.all([sa.close(), list.close()]);
  });
});
