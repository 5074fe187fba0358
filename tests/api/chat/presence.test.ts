import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatsPushes, presenceSchema } from '../../../contracts/chat';
import { apiGet, createPair, messagesSocket, openChatBetween, receivedOf, subscribe } from '../../support/chats';
import { createMember } from '../../support/factories';
import { socketAs } from '../../support/sockets';
import type { TestSocket } from '../../support/ws-client';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
const em = () => app.db.orm.em.fork();

/**
 * The sentinel of a "nothing arrived" check, after the event under test: a new peer of `userId` comes online (and,
 * with `leave`, goes offline again). Resolves once `watcher` has that peer's userOnline (and userOffline): presence
 * is announced in the order sockets open and close, so an announcement the event under test made came before these.
 * Returns the sentinel's chat.
 */
async function sentinelPresence(userId: number, watcher: TestSocket, leave: boolean): Promise<string> {
  const peer = await createMember(em());
  const chatId = String(await openChatBetween(em(), userId, peer));
  const ofChat = (t: string) => (m: Record<string, unknown>) => m.t === t && (m.data as { chatId?: unknown }).chatId === chatId;
  const socket = await messagesSocket(app, peer);
  await watcher.next(ofChat('userOnline'));
  await socket.close();
  if (leave) await watcher.next(ofChat('userOffline'));
  return chatId;
}

describe('presence', () => {
  it('announces userOnline when the first socket opens and userOffline (with lastSeen) when the last closes', async () => {
    const { a, b, chatId } = await createPair(app);
    const watcher = await messagesSocket(app, a);
    await subscribe(watcher, chatId);
    // The subscription comes with the peer's presence as of then.
    expect(await watcher.next((m) => m.ch === 'messages' && m.t === 'presence')).toMatchObject({
      data: { chatId: String(chatId), userId: String(b), isOnline: false },
    });
    const snapshot = chatsPushes.presenceSnapshot.parse((await watcher.next((m) => m.t === 'presenceSnapshot')).data);
    expect(snapshot.users).toEqual([{ chatId: String(chatId), userId: String(b), isOnline: false, lastSeen: null }]);

    const first = await messagesSocket(app, b);
    const online = presenceSchema.parse((await watcher.next((m) => m.t === 'userOnline')).data);
    expect(online).toMatchObject({ chatId: String(chatId), userId: String(b), isOnline: true });
    expect(
      await watcher.next((m) => m.ch === 'messages' && m.t === 'presence' && (m.data as { isOnline: boolean }).isOnline),
    ).toMatchObject({ data: { userId: String(b), isOnline: true } });
    // A second socket (another screen) is not a new arrival.
    const second = await socketAs(app, b, '/ws/likes');
    await first.close();
    const sentinel = await sentinelPresence(a, watcher, true);
    const ofPair = (m: Record<string, unknown>) => (m.data as { chatId?: unknown }).chatId !== sentinel;
    expect(receivedOf(watcher, 'chats', 'userOnline').filter(ofPair)).toHaveLength(1);
    expect(receivedOf(watcher, 'chats', 'userOffline').filter(ofPair)).toHaveLength(0);

    const before = Date.now();
    await second.close();
    const offline = presenceSchema.parse((await watcher.next((m) => m.t === 'userOffline' && ofPair(m))).data);
    expect(offline).toMatchObject({ chatId: String(chatId), userId: String(b), isOnline: false });
    expect(new Date(offline.lastSeen!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(
      await watcher.next((m) => m.ch === 'messages' && m.t === 'presence' && (m.data as { isOnline: boolean }).isOnline === false),
    ).toBeTruthy();
    await watcher.close();
  });

  it("tells a chat screen that subscribes after reading the chat's info that the peer came online in between", async () => {
    const { a, b, chatId } = await createPair(app);
    const screen = await messagesSocket(app, a);
    // The app reads the chat's info first: the peer is offline then.
    expect((await apiGet(app, a, '/api/messages/chat-info', { chatId: String(chatId) })).body).toMatchObject({ isOnline: false });
    const peer = await messagesSocket(app, b);
    // Its ch:'chats' push may reach the app before the info does, when the screen has nothing to apply it to.
    await screen.next((m) => m.t === 'userOnline');
    await subscribe(screen, chatId);
    expect(await screen.next((m) => m.ch === 'messages' && m.t === 'presence')).toMatchObject({
      data: { chatId: String(chatId), userId: String(b), isOnline: true },
    });
    await peer.close();
    await screen.close();
  });

  it('reports online state per chat over HTTP and in the chat header', async () => {
    const { a, b, chatId } = await createPair(app);
    const other = await createPair(app);
    const peer = await messagesSocket(app, b);
    const res = await apiGet(app, a, '/api/messages/users-online-status', { chatIds: `${chatId},${other.chatId},junk` });
    expect(res.body.users).toEqual([{ chatId: String(chatId), isOnline: true, lastSeen: expect.any(String) }]);
    expect((await apiGet(app, a, '/api/messages/chat-info', { chatId: String(chatId) })).body).toMatchObject({
      isOnline: true,
      peerUserId: String(b),
    });
    await peer.close();
    await expect
      .poll(async () => (await apiGet(app, a, '/api/messages/users-online-status', { chatIds: String(chatId) })).body.users)
      .toEqual([{ chatId: String(chatId), isOnline: false, lastSeen: expect.any(String) }]);
  });

  it('tells nothing across a blocked chat', async () => {
    const { a, b, chatId } = await createPair(app);
    await em().getConnection().execute('INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, now())', [b, a]);
    const watcher = await messagesSocket(app, a);
    const snapshot = chatsPushes.presenceSnapshot.parse((await watcher.next((m) => m.t === 'presenceSnapshot')).data);
    expect(snapshot.users).toEqual([{ chatId: String(chatId), userId: String(b), isOnline: false, lastSeen: null }]);
    const peer = await messagesSocket(app, b);
    const sentinel = await sentinelPresence(a, watcher, false);
    expect(receivedOf(watcher, 'chats', 'userOnline').filter((m) => m.data.chatId !== sentinel)).toHaveLength(0);
    const res = await apiGet(app, a, '/api/messages/users-online-status', { chatIds: String(chatId) });
    expect(res.body.users).toEqual([{ chatId: String(chatId), isOnline: false, lastSeen: null }]);
    await Promise.all([watcher.close(), peer.close()]);
  });
});
