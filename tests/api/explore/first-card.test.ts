import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstCardResponseSchema } from '../../../contracts/explore';
import { createMember } from '../../support/factories';
import { signInitData, testLaunchUser } from '../../support/init-data';
import { ask, socketAs } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';
import { tmaHeader } from '../../support/init-data';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
const em = () => app.db.orm.em.fork();
const asUser = (id: number) => signInitData(testLaunchUser({ id }));

describe('GET /api/explore/first', () => {
  it('answers the card the explore channel would offer first, without a socket', async () => {
    const me = await createMember(em(), { age: 16 });
    const peer = await createMember(em(), { age: 15 });
    const res = await app.request.get('/api/explore/first').set(tmaHeader(asUser(me)));
    expect(res.status).toBe(200);
    const { card } = firstCardResponseSchema.parse(res.body);
    expect(card?.userId).toBe(String(peer));
    const socket = await socketAs(app, me);
    expect((await ask(socket, 'explore', 'next')).data).toMatchObject({ userId: String(peer) });
    await socket.close();
  });

  it('refuses users who may not browse yet, and calls without initData', async () => {
    const newcomer = await createMember(em(), { age: 16, stage: 'new' });
    const refused = await app.request.get('/api/explore/first').set(tmaHeader(asUser(newcomer)));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ ok: false, error: 'FORBIDDEN' });
    expect((await app.request.get('/api/explore/first')).status).toBe(401);
  });
});
