import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatListResponseSchema, historyResponseSchema, messagePushSchema, sentDataSchema } from '../../../contracts/chat';
import { apiGet, apiPost, createPair, messagesSocket, rowCount, sendText, subscribe } from '../../support/chats';
import { ask } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const idOf = (reply: { data: { message?: Record<string, unknown> } }) => Number(reply.data.message!.id);
const replyTo = (socket: Awaited<ReturnType<typeof messagesSocket>>, chatId: number, text: string, replyToId: number) =>
  ask<{ data: Record<string, unknown> }>(socket, 'messages', 'send', {
    chatId: String(chatId),
    text,
    clientId: `r-${Math.random()}`,
    replyToId: String(replyToId),
  });
const history = async (app: TestApp, userId: number, chatId: number) =>
  historyResponseSchema.parse((await apiGet(app, userId, '/api/messages/history', { chatId: String(chatId) })).body).messages;

describe('replies', () => {
  it('stores a reply with the quoted message, live and in the history', async () => {
    const { a, b, chatId } = await createPair(app);
    const [sa, sb] = [await messagesSocket(app, a), await messagesSocket(app, b)];
    const asked = idOf(await sendText(sa, chatId, 'Пойдём в кино?'));
    const reply = await replyTo(sb, chatId, 'Давай!', asked);
    const { message } = sentDataSchema.parse(reply.data);
    expect(message).toMatchObject({
      text: 'Давай!',
      replyId: String(asked),
      replyTo: { id: String(asked), senderId: String(a), preview: 'Пойдём в кино?', deleted: false },
    });
    expect((await history(app, a, chatId)).at(-1)).toMatchObject({ replyTo: { preview: 'Пойдём в кино?' } });
    await Promise.all([sa.close(), sb.close()]);
  });

  it('refuses a reply to a message of another chat, over the socket and over HTTP, and stores nothing', async () => {
    const { a, chatId } = await createPair(app);
    const other = await createPair(app);
    const [sa, so] = [await messagesSocket(app, a), await messagesSocket(app, other.a)];
    const foreign = idOf(await sendText(so, other.chatId, 'чужое'));
    expect(await replyTo(sa, chatId, 'ответ', foreign)).toMatchObject({ t: 'error', data: { message: 'Сообщение для ответа не найдено' } });
    const res = await apiPost(app, a, '/api/messages/send-sticker', { chatId: String(chatId), stickerId: '1', replyToId: String(foreign) });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await rowCount(app, 'SELECT count(*) AS n FROM messages WHERE chat_id = ?', [chatId])).toBe(0);
    await Promise.all([sa.close(), so.close()]);
  });
});

describe('deleting a message', () => {
  it('deletes the author’s message for both: the peer sees it deleted live and after a reload', async () => {
    const { a, b, chatId } = await createPair(app);
    const [sa, sb] = [await messagesSocket(app, a), await messagesSocket(app, b)];
    await subscribe(sb, chatId);
    await sendText(sa, chatId, 'первое');
    const id = idOf(await sendText(sa, chatId, 'лишнее'));
    await sb.next((m) => m.t === 'message' && (m.data as { message: { id: string } }).message.id === String(id));

    const done = await ask<{ data: Record<string, unknown> }>(sa, 'messages', 'delete', { chatId: String(chatId), messageId: String(id) });
    expect(done).toMatchObject({ t: 'deleted', data: { message: { id: String(id), deleted: true, text: null } } });
    const live = await sb.next((m) => m.t === 'message' && (m.data as { message: { deleted?: boolean } }).message.deleted === true);
    expect(messagePushSchema.parse(live.data).message).toMatchObject({ id: String(id), deleted: true, text: null, photoUrl: null });

    const reloaded = await history(app, b, chatId);
    expect(reloaded.map((m) => [m.text, m.deleted])).toEqual([
      ['первое', false],
      [null, true],
    ]);
    // The list shows the message before it.
    const list = chatListResponseSchema.parse((await apiGet(app, b, '/api/chat/me')).body);
    expect(list.items.find((c) => c.id === String(chatId))?.message.last).toBe('первое');
    // A reply to it is refused now.
    expect(await replyTo(sb, chatId, 'что это было?', id)).toMatchObject({
      t: 'error',
      data: { message: 'Сообщение для ответа не найдено' },
    });
    await Promise.all([sa.close(), sb.close()]);
  });

  it('lets only the author delete, and only a member reach the chat', async () => {
    const { a, b, chatId } = await createPair(app);
    const outsider = await createPair(app);
    const [sa, sb, so] = [await messagesSocket(app, a), await messagesSocket(app, b), await messagesSocket(app, outsider.a)];
    const id = idOf(await sendText(sa, chatId, 'моё'));
    expect(await ask(sb, 'messages', 'delete', { chatId: String(chatId), messageId: String(id) })).toMatchObject({
      t: 'error',
      data: { message: 'Удалить можно только своё сообщение' },
    });
    expect(await ask(so, 'messages', 'delete', { chatId: String(chatId), messageId: String(id) })).toMatchObject({
      t: 'error',
      data: { message: 'Чат не найден' },
    });
    expect(await ask(sa, 'messages', 'delete', { chatId: String(chatId), messageId: '999999999' })).toMatchObject({
      t: 'error',
      data: { message: 'Сообщение не найдено' },
    });
    expect(await rowCount(app, 'SELECT count(*) AS n FROM messages WHERE id = ? AND deleted_at IS NULL', [id])).toBe(1);
    await Promise.all([sa.close(), sb.close(), so.close()]);
  });

  it('shows a quote of a message deleted later as deleted', async () => {
    const { a, b, chatId } = await createPair(app);
    const [sa, sb] = [await messagesSocket(app, a), await messagesSocket(app, b)];
    const id = idOf(await sendText(sa, chatId, 'секрет'));
    await replyTo(sb, chatId, 'ого', id);
    await ask(sa, 'messages', 'delete', { chatId: String(chatId), messageId: String(id) });
    const quote = (await history(app, b, chatId)).at(-1)?.replyTo;
    expect(quote).toMatchObject({ deleted: true, preview: 'Сообщение удалено' });
    expect(JSON.stringify(quote)).not.toContain('секрет');
    await Promise.all([sa.close(), sb.close()]);
  });
});
