import http from 'node:http';
import type { Bot } from 'grammy';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBot } from '../../bot/bot';
import { freePort } from '../../platform/postgres/embedded-postgres';
import { startFakeTelegram, type FakeTelegram } from '../../bot/dev/fake-telegram';
import { errorHandler } from '../../api/middleware/errors';
import { createWebhookRoute, registerWebhook, WEBHOOK_PATH, webhookSecretFor } from '../../bot/webhook';
import { EventBus } from '../../db/events/event-bus';
import { createLogger } from '../../platform/logger';
import { TEST_BOT_TOKEN } from '../support/init-data';
import { captureLogs } from '../support/log-capture';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// WEBHOOK_URL mode: updates arrive on an API route (any API process), guarded by the secret token.
let db: TestDatabase;
let telegram: FakeTelegram;
let server: http.Server;
let url: string;
let theBot: Bot;
const secret = webhookSecretFor(TEST_BOT_TOKEN, null);

beforeAll(async () => {
  db = await createTestDatabase();
  telegram = await startFakeTelegram();
  const logger = createLogger('silent');
  const bot = createBot({
    token: TEST_BOT_TOKEN,
    apiRoot: telegram.url,
    publicUrl: 'https://app.example.test',
    productName: 'Орбита',
    orm: db.orm,
    logger,
    bus: new EventBus(logger),
  });
  theBot = bot;
  ({ server, url } = await serveWebhook(bot, {}));
  registerWebhook(bot, url, secret, logger);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await telegram.close();
  await db.drop();
});

/** The webhook route behind the API's error handler, on a port of its own. */
async function serveWebhook(bot: Bot, opts: { initWaitMs?: number }): Promise<{ server: http.Server; url: string }> {
  const logger = createLogger('silent');
  const app = new Koa();
  app.use(errorHandler(logger));
  app.use(createWebhookRoute(bot, secret, logger, opts).routes());
  const listening = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => listening.once('listening', resolve));
  return { server: listening, url: `http://127.0.0.1:${(listening.address() as { port: number }).port}` };
}

const update = (updateId: number, userId: number) => ({
  update_id: updateId,
  message: {
    message_id: updateId,
    date: Math.floor(Date.now() / 1000),
    chat: { id: userId, type: 'private', first_name: 'Саша' },
    from: { id: userId, is_bot: false, first_name: 'Саша' },
    text: '/start',
    entities: [{ type: 'bot_command', offset: 0, length: 6 }],
  },
});
const post = (body: unknown, headers: Record<string, string>) =>
  fetch(`${url}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('bot webhook', () => {
  it('registers itself with Telegram with the secret token', async () => {
    const call = await telegram.waitForCall('setWebhook');
    expect(call.params).toMatchObject({ url: `${url}${WEBHOOK_PATH}`, secret_token: secret });
  });

  it('refuses an update without the right secret and runs nothing', async () => {
    const refused = await post(update(1, 43_000_001), {});
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ ok: false, error: 'UNAUTHORIZED', message: 'Неверный секретный токен вебхука' });
    expect((await post(update(2, 43_000_001), { 'x-telegram-bot-api-secret-token': 'wrong-secret-of-some-length' })).status).toBe(401);
    // Barrier: the same person's /start with the secret is answered; only that one reached the bot.
    expect((await post(update(10, 43_000_001), { 'x-telegram-bot-api-secret-token': secret })).status).toBe(200);
    await telegram.waitForCall('sendMessage', (c) => c.params.chat_id === 43_000_001);
    expect(telegram.callsTo('sendMessage').filter((c) => c.params.chat_id === 43_000_001)).toHaveLength(1);
  });

  it('logs a refused caller by the address the rate limits use behind TRUST_PROXY, not the header’s leftmost entry', async () => {
    const logs = captureLogs('warn');
    const app = new Koa();
    app.use(errorHandler(logs.logger));
    app.use(createWebhookRoute(theBot, secret, logs.logger, { trustProxy: ['127.0.0.1', '::1'] }).routes());
    const listening = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => listening.once('listening', resolve));
    try {
      const port = (listening.address() as { port: number }).port;
      const res = await fetch(`http://127.0.0.1:${port}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '6.6.6.6, 198.51.100.7' },
        body: JSON.stringify(update(4, 43_000_003)),
      });
      expect(res.status).toBe(401);
      expect(logs.records().find((l) => l.msg === 'webhook call with a wrong secret')).toMatchObject({ ip: '198.51.100.7' });
    } finally {
      await new Promise((resolve) => listening.close(resolve));
    }
  });

  it('handles an update with the secret: /start answers through the Bot API', async () => {
    const res = await post(update(3, 43_000_002), { 'x-telegram-bot-api-secret-token': secret });
    expect(res.status).toBe(200);
    const sent = await telegram.waitForCall('sendMessage', (c) => c.params.chat_id === 43_000_002);
    expect(String(sent.params.text)).toContain('Орбита');
  });

  it('refuses a body that is no update, with the secret, before the bot sees it', async () => {
    const send = (body: string, type = 'application/json') =>
      fetch(`${url}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': type, 'x-telegram-bot-api-secret-token': secret },
        body,
      });
    const cases: Array<[Response, number, string]> = [
      [await send('{"update_id": 4,'), 400, 'Некорректный JSON в теле запроса'],
      [await send('[1, 2]'), 400, 'Тело запроса не является обновлением Telegram'],
      [await send('{"message": {}}'), 400, 'Тело запроса не является обновлением Telegram'],
      [await send('{"update_id": "5"}'), 400, 'Тело запроса не является обновлением Telegram'],
      [await send('update_id=6', 'text/plain'), 415, 'Неподдерживаемый формат запроса: ожидается JSON'],
      [await send(JSON.stringify({ update_id: 7, pad: 'x'.repeat(1_100_000) })), 413, 'Слишком большой запрос'],
    ];
    for (const [res, status, message] of cases) {
      expect(res.status).toBe(status);
      expect(await res.json()).toMatchObject({ ok: false, message });
    }
    // The route still serves the next real update.
    expect((await post(update(8, 43_000_003), { 'x-telegram-bot-api-secret-token': secret })).status).toBe(200);
    await telegram.waitForCall('sendMessage', (c) => c.params.chat_id === 43_000_003);
  });

  it('answers a GET with 405 and Allow: POST', async () => {
    const res = await fetch(`${url}${WEBHOOK_PATH}`);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(await res.json()).toMatchObject({ ok: false, error: 'METHOD_NOT_ALLOWED' });
  });

  it('answers 503 while Telegram is unreachable for the bot to start, so Telegram delivers the update again', async () => {
    const logger = createLogger('silent');
    const unreachable = `http://127.0.0.1:${await freePort()}`;
    const offline = createBot({
      token: TEST_BOT_TOKEN,
      apiRoot: unreachable,
      publicUrl: 'https://app.example.test',
      productName: 'Орбита',
      orm: db.orm,
      logger,
      bus: new EventBus(logger),
    });
    const other = await serveWebhook(offline, { initWaitMs: 300 });
    try {
      const res = await fetch(`${other.url}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
        body: JSON.stringify(update(9, 43_000_004)),
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ ok: false, error: 'UNAVAILABLE', message: expect.stringMatching(/[А-Яа-я]/) });
    } finally {
      await new Promise((resolve) => other.server.close(resolve));
    }
  });
});
