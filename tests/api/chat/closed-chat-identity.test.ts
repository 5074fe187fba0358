import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatInfoSchema, chatListResponseSchema } from '../../../contracts/chat';
import { privacyOverviewSchema } from '../../../contracts/privacy';
import { apiGet, apiPost, createPair, messagesSocket, sendText, type Pair } from '../../support/chats';
import { birthDateForAge } from '../../support/factories';
import { ask } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
const exec = (sql: string, params: unknown[] = []) => app.db.orm.em.fork().getConnection().execute(sql, params);

/** A pair with names and approved photos on both sides, one message exchanged. */
async function namedPair(): Promise<Pair> {
  const pair = await createPair(app, { age: 16, displayName: 'Аня' }, { age: 16, displayName: 'Соня' });
  for (const [who, image] of [
    [pair.a, `a${pair.chatId}`.padEnd(24, 'a')],
    [pair.b, `b${pair.chatId}`.padEnd(24, 'b')],
  ] as const) {
    await exec(
      `INSERT INTO images (id, owner_telegram_id, kind, mime, width, height, bytes, created_at) VALUES (?, ?, 'profile', 'image/webp', 10, 10, 10, now())`,
      [image, who],
    );
    await exec(`INSERT INTO photos (owner_telegram_id, image_id, position, status, created_at) VALUES (?, ?, 0, 'APPROVED', now())`, [
      who,
      image,
    ]);
  }
  const socket = await messagesSocket(app, pair.a);
  await sendText(socket, pair.chatId, 'привет');
  await socket.close();
  return pair;
}

const NEUTRAL = { title: 'Чат закрыт', avatarUrl: null };

/** Every path that names a chat's peer: the list, the HTTP and the ws chat header, the archive summary. */
async function expectNeutral(p: Pair) {
  const chatId = String(p.chatId);
  for (const who of [p.a, p.b]) {
    const list = chatListResponseSchema.parse((await apiGet(app, who, '/api/chat/me')).body);
    expect(list.items.find((c) => c.id === chatId)).toMatchObject({ ...NEUTRAL, readOnly: true });
    expect((await apiGet(app, who, '/api/messages/chat-info', { chatId })).body).toMatchObject({ ...NEUTRAL, readOnly: true });
    const socket = await messagesSocket(app, who);
    expect(chatInfoSchema.parse((await ask(socket, 'messages', 'chat_info', { chatId })).data)).toMatchObject(NEUTRAL);
    await socket.close();
    expect(JSON.stringify(list)).not.toMatch(/Аня|Соня|\/cdn\/images/);
  }
}

describe('a closed chat shows nobody on the other side', () => {
  it('shows the name and photo while the chat is open', async () => {
    const p = await namedPair();
    const info = chatInfoSchema.parse({
      ...(await apiGet(app, p.a, '/api/messages/chat-info', { chatId: String(p.chatId) })).body,
      ok: undefined,
    });
    expect(info).toMatchObject({ title: 'Соня', avatarUrl: expect.stringContaining('/cdn/images/'), readOnly: false });
  });

  it('after a birthday moves the pair across the age band: a neutral title and no photo on every path', async () => {
    const p = await namedPair();
    await exec('UPDATE profiles SET birth_date = ? WHERE user_telegram_id = ?', [birthDateForAge(18), p.b]);
    await expectNeutral(p);
  });

  it('after a block: the push that closes the chat and every later read are neutral, archived chats too', async () => {
    const p = await namedPair();
    const peerSocket = await messagesSocket(app, p.b);
    expect((await apiPost(app, p.a, '/api/privacy/settings', { action: 'addToBlacklist', userId: String(p.b) })).status).toBe(200);
    const pushed = await peerSocket.next((m) => m.t === 'chatUpdated');
    expect((pushed.data as { chat: unknown }).chat).toMatchObject({ id: String(p.chatId), ...NEUTRAL, readOnly: true });
    await peerSocket.close();
    await expectNeutral(p);

    expect((await apiPost(app, p.b, '/api/chat/archive', { chatId: String(p.chatId), archived: true })).status).toBe(200);
    expect((await apiGet(app, p.b, '/api/chat/archive')).body.chatTitles).toEqual(['Чат закрыт']);
    const overview = privacyOverviewSchema.parse((await apiGet(app, p.b, '/api/privacy/settings')).body);
    expect(overview.archive).toEqual([{ chatId: String(p.chatId), title: 'Чат закрыт' }]);
  });
});
