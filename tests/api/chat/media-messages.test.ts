import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyResponseSchema, sendResultSchema } from '../../../contracts/chat';
import { apiGet, apiPost, createPair, messagesSocket, rowCount, subscribe } from '../../support/chats';
import { makeImage, upload } from '../../support/images';
import { initDataFor } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function uploadMedia(userId: number): Promise<string> {
  const res = await upload(app, initDataFor(userId), await makeImage('jpeg'), { variant: 'media' });
  expect(res.status).toBe(200);
  return res.body.id as string;
}

describe('POST /api/messages/send-image', () => {
  it('sends the sender’s own upload with a caption; the peer gets it blurred, the sender not', async () => {
    const { a, b, chatId } = await createPair(app);
    const imageId = await uploadMedia(a);
    const peer = await messagesSocket(app, b);
    await subscribe(peer, chatId);
    const res = await apiPost(app, a, '/api/messages/send-image', {
      chatId: String(chatId),
      imageId,
      caption: '  закат  ',
      clientId: 'photo-1',
    });
    expect(res.status).toBe(200);
    const sent = sendResultSchema.parse(res.body);
    expect(sent.message).toMatchObject({
      messageType: 'PHOTO',
      text: 'закат',
      photoUrl: `/cdn/images/${imageId}/media`,
      blurred: false,
      senderId: String(a),
    });
    expect(await peer.next((m) => m.t === 'message')).toMatchObject({
      data: { message: { id: sent.message.id, blurred: true, photoUrl: `/cdn/images/${imageId}/media` } },
    });
    expect(await peer.next((m) => m.t === 'newMessage')).toMatchObject({ data: { preview: { last: 'Фото: закат' } } });
    const history = historyResponseSchema.parse((await apiGet(app, b, '/api/messages/history', { chatId: String(chatId) })).body);
    expect(history.messages[0]).toMatchObject({ id: sent.message.id, blurred: true });
    expect((await app.request.get(sent.message.photoUrl!)).status).toBe(200);
    // Idempotent like text: the same clientId is the same message.
    const again = sendResultSchema.parse(
      (await apiPost(app, a, '/api/messages/send-image', { chatId: String(chatId), imageId, clientId: 'photo-1' })).body,
    );
    expect(again).toMatchObject({ duplicate: true, message: { id: sent.message.id } });
    await peer.close();
  });

  it('refuses an image that is not the sender’s own upload, and an unknown one', async () => {
    const { a, b, chatId } = await createPair(app);
    const theirs = await uploadMedia(b);
    for (const imageId of [theirs, 'f'.repeat(24), 'not-an-id']) {
      const res = await apiPost(app, a, '/api/messages/send-image', { chatId: String(chatId), imageId });
      expect(res.status, imageId).toBeGreaterThanOrEqual(400);
      expect(res.body, imageId).toMatchObject({ ok: false, message: 'Изображение не найдено: загрузите его заново' });
    }
    expect(await rowCount(app, 'SELECT count(*) AS n FROM messages WHERE chat_id = ?', [chatId])).toBe(0);
  });
});

describe('photo captions', () => {
  it('takes a caption up to 4000 characters and refuses a longer one with the text limit', async () => {
    const { a, chatId } = await createPair(app);
    const imageId = await uploadMedia(a);
    const long = await apiPost(app, a, '/api/messages/send-image', {
      chatId: String(chatId),
      imageId,
      caption: 'я'.repeat(4001),
      clientId: 'cap-1',
    });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ ok: false, message: 'Сообщение не длиннее 4000 символов' });
    expect(await rowCount(app, 'SELECT count(*) AS n FROM messages WHERE chat_id = ?', [chatId])).toBe(0);
    const ok = await apiPost(app, a, '/api/messages/send-image', {
      chatId: String(chatId),
      imageId,
      caption: 'я'.repeat(4000),
      clientId: 'cap-2',
    });
    expect(sendResultSchema.parse(ok.body).message.text).toHaveLength(4000);
  });
});
