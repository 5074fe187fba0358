import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatItemsResponseSchema } from '../../../contracts/chat';
import { postMessage } from '../../../db/chats/messages.service';
import { apiGet, apiPost, openChatBetween } from '../../support/chats';
import { createMember } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
const em = () => app.db.orm.em.fork();
const titles = (body: unknown) => chatItemsResponseSchema.parse(body).items.map((c) => c.title);

async function meWithChats(names: string[]): Promise<{ me: number; chats: number[] }> {
  const me = await createMember(em(), { age: 16 });
  const chats: number[] = [];
  for (const [i, name] of names.entries()) {
    const peer = await createMember(em(), { age: 16, displayName: name });
    const chatId = await openChatBetween(em(), me, peer);
    await postMessage(em(), app.bus, {
      chatId,
      senderId: peer,
      clientId: null,
      content: { type: 'TEXT', text: 'привет' },
      now: new Date(Date.UTC(2026, 0, 1, 0, i)),
    });
    chats.push(chatId);
  }
  return { me, chats };
}

describe('GET /api/chat/search', () => {
  it("finds the user's chats by part of the peer's name, any case, archived ones too, newest first", async () => {
    const { me, chats } = await meWithChats(['Катя', 'Лена', 'Катерина']);
    await apiPost(app, me, '/api/chat/archive', { chatId: String(chats[0]), archived: true });
    expect(titles((await apiGet(app, me, '/api/chat/search', { q: 'КАТ' })).body)).toEqual(['Катерина', 'Катя']);
    expect(titles((await apiGet(app, me, '/api/chat/search', { q: ' лен ' })).body)).toEqual(['Лена']);
    // Wildcards are literal text, and other users' chats never show up.
    expect(titles((await apiGet(app, me, '/api/chat/search', { q: '%' })).body)).toEqual([]);
    const stranger = await createMember(em(), { age: 16 });
    expect(titles((await apiGet(app, stranger, '/api/chat/search', { q: 'Кат' })).body)).toEqual([]);
  });

  it('refuses an empty query with a Russian message', async () => {
    const { me } = await meWithChats(['Оля']);
    const res = await apiGet(app, me, '/api/chat/search', { q: '  ' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, message: 'Введите имя для поиска' });
  });
});

describe('GET /api/chat/archived', () => {
  it('lists the archived chats as chat list rows, and nothing else', async () => {
    const { me, chats } = await meWithChats(['Катя', 'Лена', 'Маша']);
    expect(titles((await apiGet(app, me, '/api/chat/archived')).body)).toEqual([]);
    for (const chatId of [chats[0], chats[2]]) await apiPost(app, me, '/api/chat/archive', { chatId: String(chatId), archived: true });
    const { items } = chatItemsResponseSchema.parse((await apiGet(app, me, '/api/chat/archived')).body);
    expect(items.map((c) => [c.id, c.title, c.message.last])).toEqual([
      [String(chats[2]), 'Маша', 'привет'],
      [String(chats[0]), 'Катя', 'привет'],
    ]);
  });

  it("tells the chat screen whether the chat is in the viewer's archive (its menu: 'В архив' or 'Из архива')", async () => {
    const { me, chats } = await meWithChats(['Оля']);
    const archived = async () => (await apiGet(app, me, '/api/messages/chat-info', { chatId: String(chats[0]) })).body.archived;
    expect(await archived()).toBe(false);
    await apiPost(app, me, '/api/chat/archive', { chatId: String(chats[0]), archived: true });
    expect(await archived()).toBe(true);
    await apiPost(app, me, '/api/chat/archive', { chatId: String(chats[0]), archived: false });
    expect(await archived()).toBe(false);
  });
});
