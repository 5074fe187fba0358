import { connect as netConnect, type NetConnectOpts, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../../api/middleware/rate-limits';
import { MAX_SOCKETS_PER_USER } from '../../../api/realtime/socket-admission';
import { connect, upgradeStatus } from '../../support/security/connect';
import { callerAs } from '../../support/security/identities';
import { createTestApp, type TestApp } from '../../support/test-app';
import { openSocket, type TestSocket } from '../../support/ws-client';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ publicUrl: 'https://app.example.com', publicUrlConfigured: true });
});
afterAll(() => app.close());

const user = async () => (await callerAs(app, 'user')).initData!;
const closeCode = (socket: TestSocket) => new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));

describe('the upgrade', () => {
  it('refuses a page of another origin with 403 and lets the mini app’s own origin in', async () => {
    const initData = await user();
    expect(await upgradeStatus(app, '/ws/likes', initData, { origin: 'https://evil.example' })).toBe(403);
    expect(await upgradeStatus(app, '/ws/likes', initData, { origin: 'https://app.example.com' })).toBe(101);
  });

  it('survives a request line no URL parser accepts', async () => {
    const raw = netConnect(Number(new URL(app.api.url).port), '127.0.0.1');
    const answer = new Promise<string>((resolve) => raw.on('data', (d) => resolve(d.toString())).on('close', () => resolve('')));
    raw.write(
      'GET http://[/ws/likes HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    expect(await answer).not.toMatch(/^HTTP\/1.1 101/);
    expect(await upgradeStatus(app, '/ws/likes', await user())).toBe(101);
  });
});

describe('an open socket', () => {
  it('is closed with 1009 by a frame over 64 KB, and the user can connect again at once', async () => {
    const initData = await user();
    const socket = await connect(app, '/ws/messages', initData);
    const closed = closeCode(socket);
    socket.ws.send(JSON.stringify({ ch: 'chats', t: 'presenceSnapshot', cid: 'big', data: { pad: 'x'.repeat(70 * 1024) } }));
    expect(await closed).toBe(1009);
    const again = await connect(app, '/ws/messages', initData);
    again.send({ ch: 'chats', t: 'presenceSnapshot', cid: 'after' });
    expect(await again.next((m) => m.cid === 'after')).toMatchObject({ t: 'presenceSnapshot' });
    await again.close();
  });

  it('answers a flood past the per-socket limit with a Russian error and retryAfter, and stays open', async () => {
    const socket = await connect(app, '/ws/messages', await user());
    const limit = RATE_LIMITS.socketMessages.limit;
    for (let i = 0; i <= limit + 4; i++) socket.send({ ch: 'chats', t: 'presenceSnapshot', cid: `f${i}` });
    const refused = await socket.next((m) => m.cid === `f${limit + 4}`);
    expect(refused).toMatchObject({
      ch: 'chats',
      t: 'error',
      data: { message: expect.stringMatching(/^Слишком много запросов\. Попробуйте через \d+ с$/), retryAfter: expect.any(Number) },
    });
    expect(await socket.next((m) => m.cid === `f${limit - 1}`)).toMatchObject({ t: 'presenceSnapshot' });
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    await socket.close();
  });

  it("counts one user's messages over all their sockets, so more sockets bring no more budget; others keep theirs", async () => {
    const limit = RATE_LIMITS.socketMessages.limit;
    const caller = await callerAs(app, 'user');
    const [likes, messages] = [await connect(app, '/ws/likes', caller.initData), await connect(app, '/ws/messages', caller.initData)];
    for (let i = 0; i < limit; i++) messages.send({ ch: 'chats', t: 'presenceSnapshot', cid: `f${i}` });
    expect(await messages.next((m) => m.cid === `f${limit - 1}`)).toMatchObject({ t: 'presenceSnapshot' });
    likes.send({ ch: 'likes', t: 'get_stats', cid: 'other-socket' });
    expect(await likes.next((m) => m.cid === 'other-socket')).toMatchObject({ t: 'error', data: { retryAfter: expect.any(Number) } });
    const neighbour = await connect(app, '/ws/messages', (await callerAs(app, 'user')).initData);
    neighbour.send({ ch: 'chats', t: 'presenceSnapshot', cid: 'neighbour' });
    expect(await neighbour.next((m) => m.cid === 'neighbour')).toMatchObject({ t: 'presenceSnapshot' });
    await Promise.all([likes.close(), messages.close(), neighbour.close()]);
  });

  it(`refuses a user's socket past ${MAX_SOCKETS_PER_USER} on one process (the newest, 4429), both paths together`, async () => {
    const caller = await callerAs(app, 'user');
    const paths = Array.from({ length: MAX_SOCKETS_PER_USER }, (_, i) => (i % 2 ? '/ws/likes' : '/ws/messages'));
    const held = await Promise.all(paths.map((path) => connect(app, path, caller.initData)));
    const extra = await connect(app, '/ws/likes', caller.initData);
    const refused = new Promise<[number, string]>((resolve) =>
      extra.ws.once('close', (code, reason) => resolve([code, reason.toString()])),
    );
    expect(await refused).toEqual([4429, 'too many sockets']);
    // The sockets already held keep working, and another user is not counted against this one.
    held[0]!.send({ ch: 'chats', t: 'presenceSnapshot', cid: 'held' });
    expect(await held[0]!.next((m) => m.cid === 'held')).toMatchObject({ t: 'presenceSnapshot' });
    expect(await upgradeStatus(app, '/ws/likes', await user())).toBe(101);
    // A closed one frees its place (the hub counts what reached each of the user's open sockets).
    await held.pop()!.close();
    await expect.poll(() => app.hub.sendToUser(caller.id, { ch: 'likes', t: 'probe', data: null })).toBe(MAX_SOCKETS_PER_USER - 1);
    const again = await connect(app, '/ws/messages', caller.initData);
    again.send({ ch: 'chats', t: 'presenceSnapshot', cid: 'again' });
    expect(await again.next((m) => m.cid === 'again')).toMatchObject({ t: 'presenceSnapshot' });
    await Promise.all([...held, again].map((s) => s.close()));
  });

  it('drops a reader too slow to keep up (1013) instead of buffering without bound', async () => {
    const caller = await callerAs(app, 'user');
    // The client's TCP connection, made by the test (ws's documented createConnection option), so it can stop reading.
    let tcp: Socket | null = null;
    const createConnection = ((options: NetConnectOpts) => (tcp = netConnect(options))) as typeof netConnect;
    const socket = await openSocket(`${app.wsUrl}/ws/likes`, caller.initData, { createConnection });
    await socket.next((m) => m.t === 'hello');
    if (!tcp) throw new Error('ws did not use the given createConnection');
    const reader: Socket = tcp;
    reader.pause();
    const sent = 600;
    const pad = 'x'.repeat(100 * 1024);
    for (let i = 0; i < sent; i++) app.hub.sendToUser(caller.id, { ch: 'likes', t: 'bulk', data: { i, pad } });
    const closed = closeCode(socket);
    reader.resume();
    expect(await closed).toBe(1013);
    const received = socket.received.filter((m) => (m as { t: string }).t === 'bulk').length;
    // Server memory stayed bounded: sending stopped long before the 60 MB were queued.
    expect(received).toBeLessThan(sent / 3);
  });
});
