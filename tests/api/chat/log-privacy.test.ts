import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, apiPost, createPair, messagesSocket, sendText, subscribe } from '../../support/chats';
import { TEST_BOT_TOKEN, tmaHeader } from '../../support/init-data';
import { captureLogs } from '../../support/log-capture';
import { initDataFor } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';
import { openSocket } from '../../support/ws-client';

// Every line the API writes, at the most talkative level.
const logs = captureLogs('debug');
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ logger: logs.logger });
});
afterAll(() => app.close());

describe('the log of a chat', () => {
  it('holds request and socket lines but never a message’s text, initData or the bot token', async () => {
    const { a, b, chatId } = await createPair(app);
    const [sa, sb] = [await messagesSocket(app, a), await messagesSocket(app, b)];
    await subscribe(sb, chatId);
    const text = 'Встретимся у фонтана в 7, мой номер 89991234567';
    expect(await sendText(sa, chatId, text)).toMatchObject({ t: 'sent' });
    await sb.next((m) => m.t === 'message');
    // initData in the header (GET) and in the body (POST), and a refused one.
    const initData = initDataFor(b);
    expect(
      (
        await app.request
          .get('/api/messages/history')
          .set(tmaHeader(initData))
          .query({ chatId: String(chatId) })
      ).status,
    ).toBe(200);
    expect((await apiPost(app, b, '/api/messages/mark-as-read', { chatId: String(chatId) })).status).toBe(200);
    expect((await apiGet(app, a, '/api/messages/history', { chatId: 'not-a-chat' })).status).toBe(400);
    const forged = initData.replace(/hash=[0-9a-f]+/, `hash=${'0'.repeat(64)}`);
    expect(
      (
        await app.request
          .get('/api/messages/history')
          .set(tmaHeader(forged))
          .query({ chatId: String(chatId) })
      ).status,
    ).toBe(401);
    await Promise.all([sa.close(), sb.close()]);

    // The log did record these calls and sockets (with their ids)…
    const records = logs.records();
    expect(records.filter((r) => r.msg === 'request' && r.route === '/api/messages/history')).toHaveLength(3);
    expect(records.filter((r) => r.msg === 'ws connected' && typeof r.conn === 'string')).toHaveLength(2);
    // …and none of what a person wrote or signed in with.
    const logged = logs.text();
    const hash = /hash=([0-9a-f]+)/.exec(initData)![1]!;
    for (const secret of [text, '89991234567', initData, encodeURIComponent(initData), hash, TEST_BOT_TOKEN, 'Тест'])
      expect(logged).not.toContain(secret);
  });

  it("names each socket's lines with one id: the upgrade's sane X-Request-Id, else one made when it first logs", async () => {
    const { a, b } = await createPair(app);
    const url = `${app.wsUrl}/ws/messages`;
    const sockets = await Promise.all([
      openSocket(url, initDataFor(a), { headers: { 'X-Request-Id': 'probe-4711' } }),
      openSocket(url, initDataFor(b), { headers: { 'X-Request-Id': 'not <sane>' } }),
    ]);
    await Promise.all(sockets.map((s) => s.close()));
    const lines = () => logs.records().filter((r) => r.msg === 'ws connected' || r.msg === 'ws closed');
    const linesOf = (conn: unknown) =>
      lines()
        .filter((r) => r.conn === conn)
        .map((r) => r.msg);
    await expect.poll(() => linesOf('probe-4711')).toEqual(['ws connected', 'ws closed']);
    const made = lines().find((r) => r.msg === 'ws connected' && r.userId === b)?.conn;
    expect(made).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    await expect.poll(() => linesOf(made)).toEqual(['ws connected', 'ws closed']);
    expect(lines().every((r) => r.path === '/ws/messages' && r.conn !== 'not <sane>')).toBe(true);
  });
});
