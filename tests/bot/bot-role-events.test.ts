import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTelegram, type FakeTelegram } from '../../bot/dev/fake-telegram';
import { OUTCOME_TEXTS } from '../../bot/notifications/moderation-outcome';
import { NOTIFY_JOB } from '../../bot/notifications/notification-payload';
import type { DomainEventMap } from '../../db/events/domain-events';
import { EventBus } from '../../db/events/event-bus';
import { attachRedisRelay, type RedisRelay } from '../../db/events/redis-relay';
import { createLogger } from '../../platform/logger';
import { asFakeUser, buttonsOf, eventually, lastBotMessage, postIn, press } from '../support/bot-moderation';
import { TEST_BOT_TOKEN } from '../support/init-data';
import { queueDrained } from '../support/job-queue';
import { createActor, pendingItem, submittedRegistrant, type Actor } from '../support/moderation';
import { startAppProcess, startRedis, type AppProcess, type RedisServer } from '../support/processes';
import type { TestApp } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// ROLE=api and ROLE=bot (long polling) on one database and one Redis: a decision taken in the bot process.
let db: TestDatabase;
let redis: RedisServer | null;
let telegram: FakeTelegram;
let dir: string;
let relay: RedisRelay | null = null;
const procs: AppProcess[] = [];
const heard: Array<DomainEventMap['moderation.decided']> = [];

beforeAll(async () => {
  redis = await startRedis();
  if (!redis) return console.warn('bot-role-events test skipped: no redis-server binary and no REDIS_URL');
  db = await createTestDatabase();
  telegram = await startFakeTelegram();
  dir = mkdtempSync(path.join(os.tmpdir(), 'bot-role-'));
  const env = (role: string) => ({
    ROLE: role,
    DATABASE_URL: db.url,
    REDIS_URL: redis!.url,
    BOT_TOKEN: TEST_BOT_TOKEN,
    TELEGRAM_API_ROOT: telegram.url,
    LOG_LEVEL: 'warn',
    WEBAPP_BUILD: 'false',
    DATA_DIR: dir,
    STORAGE_DIR: path.join(dir, 'storage'),
  });
  procs.push(...(await Promise.all([startAppProcess('api', env('api')), startAppProcess('bot', env('bot'))])));
  // What every other process (the API's sockets among them) hears through the relay.
  const bus = new EventBus(createLogger('silent'));
  bus.on('moderation.decided', (e) => void heard.push(e));
  relay = await attachRedisRelay(bus, redis.url, createLogger('silent'));
}, 180_000);

afterAll(async () => {
  await relay?.stop();
  await Promise.all(procs.map((p) => p.kill()));
  await telegram?.close();
  await db?.drop();
  await redis?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a moderator approving from the bot message, the bot running as ROLE=bot', () => {
  it('tells the user once, rewrites the other moderators’ posts, and every process hears the decision', async (ctx) => {
    if (!redis) return ctx.skip();
    const [api] = procs as [AppProcess];
    // The registrant and the moderators go through the API process, as the mini app does.
    const viaApi = { db, request: supertest(api.url) } as unknown as TestApp;
    const [first, second]: Actor[] = [await createActor(viaApi, 'MODERATOR'), await createActor(viaApi, 'MODERATOR')];
    const r = await submittedRegistrant(viaApi);
    const item = await pendingItem(viaApi, r.launch.id, 'INITIAL');
    const marker = `заявка #${item.id}`;
    await Promise.all([postIn(telegram, first!.id, marker), postIn(telegram, second!.id, marker)]);

    const messageId = lastBotMessage(telegram, first!.id, marker)!.messageId;
    expect(await press(telegram, asFakeUser(first!), first!.id, messageId, `mi:${item.id}:ok:1`)).toBe('Одобрено');

    const approved = OUTCOME_TEXTS.INITIAL.approved;
    await telegram.waitForCall('sendMessage', (c) => c.params.chat_id === r.launch.id && c.params.text === approved, 10_000);
    const otherPost = await eventually(() => {
      const post = lastBotMessage(telegram, second!.id, marker);
      return post && /Решение: /.test(post.text ?? '') ? post : null;
    }, 10_000);
    expect(buttonsOf(otherPost.replyMarkup).map((b) => b.text)).toEqual(['Открыть в панели']);
    await eventually(() => heard.find((e) => e.itemId === item.id), 10_000);
    expect(heard.filter((e) => e.itemId === item.id)).toEqual([
      { itemId: item.id, userId: r.launch.id, type: 'INITIAL', status: 'APPROVED', reason: null, reviewerId: first!.id },
    ]);
    // Once: with every notify job run (a second one from another process included), still a single notice.
    await queueDrained(db.orm, NOTIFY_JOB);
    expect(telegram.callsTo('sendMessage').filter((c) => c.params.chat_id === r.launch.id && c.params.text === approved)).toHaveLength(1);
  }, 60_000);
});
