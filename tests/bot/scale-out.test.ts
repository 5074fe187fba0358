import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_TEXT } from '../../bot/notifications/likes';
import { startFakeTelegram, type FakeTelegram } from '../../bot/dev/fake-telegram';
import { EventBus } from '../../db/events/event-bus';
import { swipe } from '../../db/likes/likes.service';
import { createLogger } from '../../platform/logger';
import { createMember, introduce } from '../support/factories';
import { signInitData, TEST_BOT_TOKEN } from '../support/init-data';
import { startAppProcess, startRedis, type AppProcess, type RedisServer } from '../support/processes';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { openSocket, type TestSocket } from '../support/ws-client';

// Two ROLE=api processes and one ROLE=bot process on one database and one Redis (ARCHITECTURE §5).
let db: TestDatabase;
let redis: RedisServer | null;
let telegram: FakeTelegram;
let dir: string;
const procs: AppProcess[] = [];

beforeAll(async () => {
  redis = await startRedis();
  if (!redis) return console.warn('scale-out test skipped: no redis-server binary and no REDIS_URL');
  db = await createTestDatabase();
  telegram = await startFakeTelegram();
  dir = mkdtempSync(path.join(os.tmpdir(), 'scale-out-'));
  const env = (role: string) => ({
    ROLE: role,
    DATABASE_URL: db.url,
    REDIS_URL: redis!.url,
    BOT_TOKEN: TEST_BOT_TOKEN,
    TELEGRAM_API_ROOT: telegram.url,
    LOG_LEVEL: 'warn',
    WEBAPP_BUILD: 'false',
    PRESENCE_HEARTBEAT_MS: '300',
    DATA_DIR: dir,
    STORAGE_DIR: path.join(dir, 'storage'),
  });
  procs.push(
    ...(await Promise.all([
      startAppProcess('api-1', env('api')),
      startAppProcess('api-2', env('api')),
      startAppProcess('bot', env('bot')),
    ])),
  );
}, 180_000);

afterAll(async () => {
  await Promise.all(procs.map((p) => p.kill()));
  await telegram?.close();
  await db?.drop();
  await redis?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const wsOf = (proc: AppProcess, route: string, userId: number) =>
  openSocket(`${proc.url.replace('http', 'ws')}${route}`, signInitData({ id: userId, first_name: 'Тест' }));

async function ask(socket: TestSocket, ch: string, t: string, data: unknown, cid: string) {
  socket.send({ ch, t, cid, data });
  return socket.next<{ t: string; data: Record<string, unknown> }>((m) => m.cid === cid, 10_000);
}

const sendsTo = (chatId: number, text: string) =>
  telegram.callsTo('sendMessage').filter((c) => c.params.chat_id === chatId && c.params.text === text);

describe('several processes (ROLE=api ×2, ROLE=bot) with Redis', () => {
  it("write a user's last-seen time once, from the process that lost their socket, while every process pushes their presence", async (ctx) => {
    if (!redis) return ctx.skip();
    const [api1, api2] = procs as [AppProcess, AppProcess];
    const sql = (text: string, params: unknown[] = []) => db.orm.em.getConnection().execute(text, params);
    await sql('CREATE TABLE last_seen_writes (telegram_id bigint NOT NULL)');
    await sql(
      `CREATE FUNCTION log_last_seen() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO last_seen_writes VALUES (NEW.telegram_id); RETURN NEW; END $$`,
    );
    await sql('CREATE TRIGGER log_last_seen AFTER UPDATE OF last_seen_at ON users FOR EACH ROW EXECUTE FUNCTION log_last_seen()');
    const writesOf = async (id: number) =>
      Number(((await sql('SELECT count(*) AS n FROM last_seen_writes WHERE telegram_id = ?', [id])) as Array<{ n: string }>)[0]!.n);
    const [c, d] = [await createMember(db.orm.em.fork(), { age: 16 }), await createMember(db.orm.em.fork(), { age: 16 })];
    const bus = new EventBus(createLogger('silent'));
    // The feed served D's card to C; C's like introduces C to D.
    await introduce(db.orm.em.fork(), c, d);
    await swipe(db.orm.em.fork(), bus, { fromId: c, toId: d, kind: 'LIKE' });
    await swipe(db.orm.em.fork(), bus, { fromId: d, toId: c, kind: 'LIKE' });

    // D watches from process 2; C comes and goes on process 1.
    const watcher = await wsOf(api2, '/ws/messages', d);
    const visitor = await wsOf(api1, '/ws/messages', c);
    await watcher.next((m) => m.t === 'userOnline', 10_000);
    const before = await writesOf(c);
    await visitor.close();
    // Process 2 heard of it (it pushed userOffline to D), but only process 1 writes.
    await watcher.next((m) => m.t === 'userOffline', 10_000);
    await expect.poll(() => writesOf(c), { timeout: 5_000 }).toBe(before + 1);
    // Barrier: C comes back; process 2 pushes that only after handling the earlier offline (the relay keeps order).
    const again = await wsOf(api1, '/ws/messages', c);
    await watcher.next((m) => m.t === 'userOnline', 10_000);
    expect(await writesOf(c)).toBe(before + 1);
    await again.close();
    await watcher.next((m) => m.t === 'userOffline', 10_000);
    await expect.poll(() => writesOf(c), { timeout: 5_000 }).toBeGreaterThanOrEqual(before + 2);
    await watcher.close();
  }, 30_000);

  it('count a rate limit across processes: alternating between them does not double it', async (ctx) => {
    if (!redis) return ctx.skip();
    const me = await createMember(db.orm.em.fork(), { age: 16 });
    const body = JSON.stringify({ initData: signInitData({ id: me, first_name: 'Тест' }) });
    // Reports: 10 an hour, every attempt counted (these are refused as invalid once let through).
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${procs[i % 2]!.url}/api/profile/report`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      statuses.push(res.status);
    }
    // Exactly the limit: both processes count atomically in Redis (rate-limiter-flexible's RateLimiterRedis).
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual(Array<number>(10).fill(429));
  }, 30_000);

  it('carry matches, messages and presence across processes, and lose nothing when one is killed', async (ctx) => {
    if (!redis) return ctx.skip();
    const [api1, api2] = procs as [AppProcess, AppProcess];
    const a = await createMember(db.orm.em.fork(), { age: 16 });
    const b = await createMember(db.orm.em.fork(), { age: 16 });
    // The feed served A's card to B; B's like introduces B to A, who then likes back over the socket.
    await introduce(db.orm.em.fork(), b, a);
    await swipe(db.orm.em.fork(), new EventBus(createLogger('silent')), { fromId: b, toId: a, kind: 'LIKE' });

    // A match made on process 1 reaches B's socket on process 2, and the bot tells each of them once.
    const likesA = await wsOf(api1, '/ws/likes', a);
    const likesB = await wsOf(api2, '/ws/likes', b);
    likesA.send({ ch: 'explore', t: 'like', cid: 'like-1', data: { targetUserId: b } });
    const match = await likesB.next<{ data: { chatId: string } }>((m) => m.ch === 'explore' && m.t === 'match', 10_000);
    const chatId = Number(match.data.chatId);
    await expect.poll(() => [sendsTo(a, MATCH_TEXT).length, sendsTo(b, MATCH_TEXT).length], { timeout: 10_000 }).toEqual([1, 1]);

    // A message from A on process 1 reaches B on process 2.
    const chatA = await wsOf(api1, '/ws/messages', a);
    const chatB = await wsOf(api2, '/ws/messages', b);
    await ask(chatB, 'messages', 'subscribe', { chatId: String(chatId), afterSeq: 0 }, 'sub-b');
    const sent = await ask(chatA, 'messages', 'send', { chatId: String(chatId), text: 'привет', clientId: 'm-1' }, 'send-1');
    expect(sent.t).toBe('sent');
    const pushed = await chatB.next<{ data: { message: { text: string; seq: number } } }>((m) => m.t === 'message', 10_000);
    expect(pushed.data.message).toMatchObject({ text: 'привет', seq: 1 });

    // Process 1 dies: A's sockets there expire for B, B keeps writing, A catches up on process 2.
    await api1.kill('SIGKILL');
    await chatB.next((m) => m.ch === 'chats' && m.t === 'userOffline', 10_000);
    for (const [i, text] of ['раз', 'два', 'три'].entries())
      expect((await ask(chatB, 'messages', 'send', { chatId: String(chatId), text, clientId: `b-${i}` }, `sb-${i}`)).t).toBe('sent');
    const again = await wsOf(api2, '/ws/messages', a);
    const caughtUp = await ask(again, 'messages', 'subscribe', { chatId: String(chatId), afterSeq: 1 }, 'sub-a');
    expect((caughtUp.data.messages as Array<{ text: string; seq: number }>).map((m) => [m.seq, m.text])).toEqual([
      [2, 'раз'],
      [3, 'два'],
      [4, 'три'],
    ]);
    // A's retry of its first message (its ack may have been lost with the process) is not stored twice.
    const retried = await ask(again, 'messages', 'send', { chatId: String(chatId), text: 'привет', clientId: 'm-1' }, 'send-again');
    expect(retried.data).toMatchObject({ duplicate: true, message: { seq: 1 } });
    expect(sendsTo(a, MATCH_TEXT).length + sendsTo(b, MATCH_TEXT).length).toBe(2);
    await Promise.all([likesA, likesB, chatA, chatB, again].map((s) => s.close().catch(() => undefined)));
  }, 90_000);
});
