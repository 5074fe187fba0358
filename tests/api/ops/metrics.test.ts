import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPair, messagesSocket, sendText, subscribe } from '../../support/chats';
import { makeImage, upload } from '../../support/images';
import { signInitData, testLaunchUser, tmaHeader } from '../../support/init-data';
import { scrape, total } from '../../support/prometheus';
import { initDataFor } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';

const TOKEN = 'metrics-token-for-tests-0123456789';

let app: TestApp;
let other: TestApp;
let off: TestApp;
beforeAll(async () => {
  [app, other, off] = await Promise.all([createTestApp({ metricsToken: TOKEN }), createTestApp({ metricsToken: TOKEN }), createTestApp()]);
});
afterAll(() => Promise.all([app, other, off].map((a) => a.close())));

describe('GET /metrics', () => {
  it('is 404 when METRICS_TOKEN is not set, whatever the caller sends', async () => {
    for (const auth of [undefined, `Bearer ${TOKEN}`, 'Bearer ']) {
      const req = off.request.get('/metrics');
      const res = await (auth ? req.set('Authorization', auth) : req);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ ok: false, error: 'NOT_FOUND' });
    }
  });

  it('is 401 without the token or with a wrong one, in the error shape', async () => {
    for (const auth of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN, `tma ${initDataFor(1)}`]) {
      const req = app.request.get('/metrics');
      const res = await (auth ? req.set('Authorization', auth) : req);
      expect(res.status, String(auth)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).toMatchObject({ ok: false, error: 'UNAUTHORIZED', message: 'Неверный токен метрик' });
      expect(res.text).not.toContain('http_request');
    }
  });

  it('moves every family of the API with traffic, labels routes by their pattern, and counts apart from another app', async () => {
    const before = await scrape(app, TOKEN);
    const otherBefore = await scrape(other, TOKEN);
    const { a, b, chatId } = await createPair(app);

    // HTTP: a route with a parameter, called with an id; and the feed's first card.
    await app.request.get(`/api/user/${b}/details`).set(tmaHeader(initDataFor(a)));
    expect((await app.request.get('/api/explore/first').set(tmaHeader(initDataFor(a)))).status).toBe(200);
    // An upload (and its encode).
    expect((await upload(app, initDataFor(a), await makeImage('jpeg'))).status).toBe(200);
    // A socket: open, messages in and out, a chat message stored.
    const socket = await messagesSocket(app, a);
    await subscribe(socket, chatId);
    expect((await sendText(socket, chatId, 'привет')).t).toBe('sent');
    // A rate limit: initData with a bad signature from one address, past its 20 a minute.
    const forged = signInitData(testLaunchUser(), { token: '1000000003:another-bots-token-xx' });
    for (let i = 0; i < 21; i++) await app.request.get('/api/profile/me').set(tmaHeader(forged)).set('X-Forwarded-For', '203.0.113.91');

    const after = await scrape(app, TOKEN);
    const moved = (name: string, labels: Record<string, string> = {}) => total(after, name, labels) - total(before, name, labels);
    expect(moved('http_request_duration_seconds_count', { route: '/api/user/:id/details', method: 'GET', status: '4xx' })).toBe(1);
    expect(moved('http_request_duration_seconds_count', { route: '/api/explore/first', status: '2xx' })).toBe(1);
    expect(after.some((s) => s.labels.route?.includes(String(b)))).toBe(false);
    expect(moved('feed_request_duration_seconds_count', { via: 'http' })).toBe(1);
    expect(moved('image_uploads_total', { variant: 'media' })).toBe(1);
    expect(moved('image_encode_duration_seconds_count', { priority: 'upload' })).toBeGreaterThanOrEqual(1);
    expect(total(after, 'ws_open_sockets', { path: '/ws/messages' })).toBe(1);
    expect(moved('ws_messages_total', { path: '/ws/messages', direction: 'in' })).toBe(2);
    expect(moved('ws_messages_total', { path: '/ws/messages', direction: 'out' })).toBeGreaterThanOrEqual(2);
    expect(moved('chat_messages_stored_total', { type: 'TEXT' })).toBe(1);
    expect(moved('rate_limit_refusals_total', { limit: 'initDataFailures' })).toBe(1);
    // Node's own figures come along (process CPU, memory, event loop).
    expect(total(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);

    await socket.close();
    await expect.poll(async () => total(await scrape(app, TOKEN), 'ws_open_sockets', { path: '/ws/messages' })).toBe(0);

    // The other app in this process saw none of it: its registry is its own.
    const otherAfter = await scrape(other, TOKEN);
    for (const name of [
      'chat_messages_stored_total',
      'image_uploads_total',
      'rate_limit_refusals_total',
      'feed_request_duration_seconds_count',
    ])
      expect(total(otherAfter, name), name).toBe(total(otherBefore, name));
    expect(total(otherAfter, 'http_request_duration_seconds_count', { route: '/api/explore/first' })).toBe(0);
  });
});
