import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { chatListResponseSchema, historyResponseSchema } from '../../contracts/chat';
import { profileCardSchema } from '../../contracts/profile-card';
import { usersResponseSchema } from '../../contracts/users-list';
import { readSqlOf, sqlOf, type Database } from '../../db/kysely';
import { User } from '../../db/users/user.entity';
import { apiGet, createPair, messagesSocket, sendText } from '../support/chats';
import { createMember } from '../support/factories';
import { freshTelegramId, tmaHeader } from '../support/init-data';
import { createActor } from '../support/moderation';
import { ask, socketAs } from '../support/sockets';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The "replica" is a second database that never replicates: whatever a read returns tells where it ran.
let replica: TestDatabase;
let app: TestApp;
const replicaOnly = freshTelegramId();
const em = () => app.db.orm.em.fork();
const usernameOf = async (db: Kysely<Database>) =>
  (await db.selectFrom('users').select('username').where('telegram_id', '=', replicaOnly).execute()).map((r) => r.username);

beforeAll(async () => {
  replica = await createTestDatabase();
  const rem = replica.orm.em.fork();
  rem.create(User, { telegramId: replicaOnly, username: 'replica_only', firstName: 'Реплика' });
  await rem.flush();
  app = await createTestApp({ replicaUrls: [replica.url] });
});
afterAll(async () => {
  await app?.close();
  await replica?.drop();
});

describe('read replicas (DATABASE_REPLICA_URLS)', () => {
  it('answers the staff user list from the replica, while sign-in reads the primary', async () => {
    // The moderator exists on the primary only: being let in at all proves auth did not read the replica.
    const moderator = await createActor(app, 'MODERATOR');
    const res = await app.request.get('/api/users').set(tmaHeader(moderator.initData));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { users, pagination } = usersResponseSchema.parse(res.body);
    expect(users.map((u) => u.username)).toEqual(['replica_only']);
    expect(pagination.total).toBe(1);
  });

  it('keeps the feed on the primary: a swiped profile is gone from the very next read', async () => {
    const me = await createMember(em(), { age: 15 });
    const peer = await createMember(em(), { age: 15 });
    const socket = await socketAs(app, me);
    const offered: string[] = [];
    for (let i = 0; i < 20; i++) {
      const reply = await ask(socket, 'explore', 'next');
      if (reply.data === null) break;
      const { userId } = profileCardSchema.parse(reply.data);
      offered.push(userId);
      expect((await ask(socket, 'explore', 'like', { targetUserId: userId })).t).toBe('ack');
    }
    await socket.close();
    expect(offered).toContain(String(peer));
    expect(new Set(offered).size).toBe(offered.length);
  });

  it('keeps chats on the primary: a sent message is in the history and the chat list at once', async () => {
    const { a, chatId } = await createPair(app, { age: 17 });
    const socket = await messagesSocket(app, a);
    expect(await sendText(socket, chatId, 'только что')).toMatchObject({ t: 'sent' });
    await socket.close();
    const history = historyResponseSchema.parse((await apiGet(app, a, '/api/messages/history', { chatId: String(chatId) })).body);
    expect(history.messages.map((m) => m.text)).toEqual(['только что']);
    const list = chatListResponseSchema.parse((await apiGet(app, a, '/api/chat/me')).body);
    expect(list.items[0]).toMatchObject({ id: String(chatId), message: { last: 'только что' } });
  });

  it('runs readSqlOf on a replica, sqlOf on the primary, and both on the primary inside a transaction', async () => {
    expect(await usernameOf(readSqlOf(em()))).toEqual(['replica_only']);
    expect(await usernameOf(sqlOf(em()))).toEqual([]);
    expect(await em().transactional((tx) => usernameOf(readSqlOf(tx)))).toEqual([]);
  });
});
