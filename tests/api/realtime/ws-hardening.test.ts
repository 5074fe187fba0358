import { connect as netConnect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../../api/middleware/rate-limits';
import { connect, upgradeStatus } from '../../support/security/connect';
import { callerAs } from '../../support/security/identities';
import { createTestApp, type TestApp } from '../../support/test-app';
import type { TestSocket } from '../../support/ws-client';

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
    raw.write('GET http://[/ws/likes HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n');
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
    expect(refused).toMatchObject({ ch: 'chats', t: 'error', data: { message: expect.stringMatching(/^Слишком много запросов\. Попробуйте через \d+ с$/), retryAfter: expect.any(Number) } });
    expect(await socket.next((m) => m.cid === `f${limit - 1}`)).toMatchObject({ t: 'presenceSnapshot' });
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    await socket.close();
  });

  it('counts each socket on its own, also when two servers run in one process', async () => {
    const limit = RATE_LIMITS.socketMessages.limit;
    const flood = async (on: TestApp) => {
      const socket = await connect(on, '/ws/messages', (await callerAs(on, 'user')).initData!);
      for (let i = 0; i < limit; i++) socket.send({ ch: 'chats', t: 'presenceSnapshot', cid: `f${i}` });
      await socket.next((m) => m.cid === `f${limit - 1}`);
      return socket;
    };
    const [first, second] = [await createTestApp(), await createTestApp()];
    try {
      // Both servers' first sockets: numbered per server, they shared one count of the process's limiter.
      const full = await flood(first);
      const fresh = await connect(second, '/ws/messages', (await callerAs(second, 'user')).initData!);
      fresh.send({ ch: 'chats', t: 'presenceSnapshot', cid: 'fresh' });
      expect(await fresh.next((m) => m.cid === 'fresh')).toMatchObject({ t: 'presenceSnapshot' });
      await Promise.all([full.close(), fresh.close()]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('drops a reader too slow to keep up (1013) instead of buffering without bound', async () => {
    const caller = await callerAs(app, 'user');
    const socket = await connect(app, '/ws/likes', caller.initData);
    await socket.next((m) => m.t === 'hello');
    const tcp = (socket.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    tcp.pause();
    const sent = 600;
    const pad = 'x'.repeat(100 * 1024);
    for (let i = 0; i < sent; i++) app.hub.sendToUser(caller.id, { ch: 'likes', t: 'bulk', data: { i, pad } });
    const closed = closeCode(socket);
    tcp.resume();
    expect(await closed).toBe(1013);
    const received = socket.received.filter((m) => (m as { t: string }).t === 'bulk').length;
    // Server memory stayed bounded: sending stopped long before the 60 MB were queued.
    expect(received).toBeLessThan(sent / 3);
  });
});
