import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatInfoResponseSchema, readPushSchema } from '../../../contracts/chat';
import { apiGet, apiPost, createPair, messagesSocket, receivedOf, sendText, subscribe } from '../../support/chats';
import { ask } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('read receipts', () => {
  it('pushes the reader’s new read mark to the sender’s open chat once, and keeps it for a reload', async () => {
    const { a, b, chatId } = await createPair(app);
    const [sa, sb] = [await messagesSocket(app, a), await messagesSocket(app, b)];
    await Promise.all([subscribe(sa, chatId), subscribe(sb, chatId)]);
    await sendText(sa, chatId, 'прочитаешь?');
    await sendText(sa, chatId, 'ну же');
    const before = chatInfoResponseSchema.parse((await apiGet(app, a, '/api/messages/chat-info', { chatId: String(chatId) })).body);
    expect(before.peerReadSeq).toBe(0);

    expect(await ask(sb, 'messages', 'mark_read', { chatId: String(chatId), seq: 2 })).toMatchObject({
      t: 'read',
      data: { lastReadSeq: 2 },
    });
    expect(readPushSchema.parse((await sa.next((m) => m.t === 'read' && !m.cid)).data)).toEqual({
      chatId: String(chatId),
      readerId: String(b),
      lastReadSeq: 2,
    });
    // Nothing moved: no second push (the text after it is the sentinel).
    await ask(sb, 'messages', 'mark_read', { chatId: String(chatId), seq: 2 });
    await sendText(sb, chatId, 'прочитала');
    await sa.next((m) => m.t === 'message' && (m.data as { message: { text: string } }).message.text === 'прочитала');
    expect(receivedOf(sa, 'messages', 'read').filter((m) => !('cid' in m))).toHaveLength(1);
    // The reader's own screens learn nothing new from their own mark.
    expect(receivedOf(sb, 'messages', 'read').filter((m) => m.data.readerId !== undefined)).toHaveLength(0);

    const after = chatInfoResponseSchema.parse((await apiGet(app, a, '/api/messages/chat-info', { chatId: String(chatId) })).body);
    expect(after.peerReadSeq).toBe(3);
    await Promise.all([sa.close(), sb.close()]);
  });

  it('tells a blocked or blocking peer nothing of the other’s reading: no push, no read mark in the chat info', async () => {
    const { a, b, chatId } = await createPair(app);
    const [sa, sb] = [await messagesSocket(app, a), await messagesSocket(app, b)];
    await Promise.all([subscribe(sa, chatId), subscribe(sb, chatId)]);
    await sendText(sa, chatId, 'ты тут?');
    expect((await apiPost(app, a, '/api/privacy/settings', { action: 'addToBlacklist', userId: String(b) })).status).toBe(200);

    expect(await ask(sb, 'messages', 'mark_read', { chatId: String(chatId), seq: 1 })).toMatchObject({ t: 'read' });
    // The sentinel: an answer to the blocker asked after the mark; a push of the mark would have come before it.
    const info = await ask(sa, 'messages', 'chat_info', { chatId: String(chatId) });
    expect(receivedOf(sa, 'messages', 'read').filter((m) => !('cid' in m))).toHaveLength(0);
    expect(info.data).toMatchObject({ peerReadSeq: 0 });
    const overHttp = chatInfoResponseSchema.parse((await apiGet(app, a, '/api/messages/chat-info', { chatId: String(chatId) })).body);
    expect(overHttp.peerReadSeq).toBe(0);
    // The other way round too: the blocked one learns nothing of the blocker's reading.
    const theirs = chatInfoResponseSchema.parse((await apiGet(app, b, '/api/messages/chat-info', { chatId: String(chatId) })).body);
    expect(theirs.peerReadSeq).toBe(0);
    await Promise.all([sa.close(), sb.close()]);
  });
});
