import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../../api/middleware/rate-limits';
import { MAX_SOCKETS_PER_USER } from '../../../api/realtime/socket-admission';
import { tmaHeader } from '../../support/init-data';
import { callerAs, initDataOf, tamperedInitData } from '../../support/security/identities';
import { createTestApp, type TestApp } from '../../support/test-app';
import { openSocket, type TestSocket } from '../../support/ws-client';

// Two apps in one process (tests, scale-out), as two API processes would be: each counts on its own.
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  [first, second] = await Promise.all([createTestApp(), createTestApp()]);
});
afterAll(() => Promise.all([first.close(), second.close()]));

const getMe = (app: TestApp, initData: string) => app.request.get('/api/profile/me').set(tmaHeader(initData));
const socketOf = (app: TestApp, initData: string) => openSocket(`${app.wsUrl}/ws/messages`, initData);

describe('two apps in one process', () => {
  it('count bad initData apart: one refusing an address with 429 leaves the other answering 401', async () => {
    const { id } = await callerAs(first, 'user');
    const { limit } = RATE_LIMITS.initDataFailures;
    for (let i = 0; i < limit; i++) expect((await getMe(first, tamperedInitData(id))).status).toBe(401);
    expect((await getMe(first, tamperedInitData(id))).status).toBe(429);
    expect((await getMe(second, tamperedInitData(id))).status).toBe(401);
  });

  it("count a user's socket messages apart: one app's flood leaves the other's budget whole", async () => {
    const { id } = await callerAs(first, 'user');
    const [flooded, other] = [await socketOf(first, initDataOf(id)), await socketOf(second, initDataOf(id))];
    const { limit } = RATE_LIMITS.socketMessages;
    for (let i = 0; i <= limit; i++) flooded.send({ ch: 'chats', t: 'presenceSnapshot', cid: `f${i}` });
    expect(await flooded.next((m) => m.cid === `f${limit}`)).toMatchObject({ t: 'error', data: { retryAfter: expect.any(Number) } });
    other.send({ ch: 'chats', t: 'presenceSnapshot', cid: 'other-app' });
    expect(await other.next((m) => m.cid === 'other-app')).toMatchObject({ t: 'presenceSnapshot' });
    await Promise.all([flooded.close(), other.close()]);
  });

  it("count a user's sockets apart: the cap reached on one app, the other still opens one", async () => {
    const { id } = await callerAs(first, 'user');
    const sockets: TestSocket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) sockets.push(await socketOf(first, initDataOf(id)));
    const overCap = await socketOf(first, initDataOf(id));
    expect(await new Promise((resolve) => overCap.ws.once('close', resolve))).toBe(4429);
    const other = await socketOf(second, initDataOf(id));
    other.send({ ch: 'chats', t: 'presenceSnapshot', cid: 'other-app' });
    expect(await other.next((m) => m.cid === 'other-app')).toMatchObject({ t: 'presenceSnapshot' });
    await Promise.all([...sockets, other].map((s) => s.close()));
  });
});
