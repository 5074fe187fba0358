import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_TEXT, NEW_LIKE_TEXT } from '../../../bot/notifications/likes';
import { swipe } from '../../../db/likes/likes.service';
import { createMembers, introduce } from '../../support/factories';
import { isNotificationOf } from '../../support/finished-jobs';
import { ask, initDataFor, socketAs } from '../../support/sockets';
import { startAppAndBot, type AppAndBot } from '../../support/test-bot';
import { tmaHeader } from '../../support/init-data';

let t: AppAndBot;
beforeAll(async () => void (t = await startAppAndBot()));
afterEach(() => t.bot.telegram.failWith(null));
afterAll(() => t?.stop());
const em = () => t.em();
const like = (fromId: number, toId: number) => swipe(em(), t.app.bus, { fromId, toId, kind: 'LIKE' });
const callsTo = (chatId: number, text: string) =>
  t.bot.telegram.callsTo('sendMessage').filter((c) => c.params.chat_id === chatId && c.params.text === text);
const delivered = (chatId: number, text: string) => callsTo(chatId, text).filter((c) => c.ok);
const failedTo = (chatId: number, text: string) => callsTo(chatId, text).filter((c) => !c.ok);
const okTo = (chatId: number) => (c: { ok: boolean; params: Record<string, unknown> }) => c.ok && c.params.chat_id === chatId;
type QueuedJob = {
  id: string;
  locked_at: string | null;
  payload: { id: string; event: { name: string; payload: Record<string, unknown> } };
};
/** The queued notify job of an event (with these payload fields), once it is there. */
async function queuedJob(eventName: string, fields: Record<string, unknown> = {}): Promise<QueuedJob> {
  const find = async () =>
    ((await em().getConnection().execute(`SELECT id, locked_at, payload FROM graphile_worker._private_jobs`)) as QueuedJob[]).find(
      (j) => j.payload.event?.name === eventName && Object.entries(fields).every(([key, value]) => j.payload.event.payload[key] === value),
    );
  await expect.poll(find).toBeDefined();
  return (await find())!;
}

describe('notifications while Telegram fails', () => {
  it('waits out a 429 for its retry_after and then sends once', async () => {
    const [to, from] = await createMembers(em(), 2, { age: 16 });
    // The feed served the receiver's card to the liker (AMENDMENTS §5.1).
    await introduce(em(), from!, to!);
    t.bot.telegram.failWith({ status: 429, retryAfter: 1 }, { times: 1, methods: ['sendMessage'] });
    await like(from!, to!);
    const refused = await t.bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === to && !c.ok);
    const sent = await t.bot.telegram.waitForCall('sendMessage', okTo(to!), 5000);
    expect(sent.at - refused.at).toBeGreaterThanOrEqual(1000);
    await t.bot.finishedJobs.waitFor(isNotificationOf('like.created', { fromId: from!, toId: to! }, 1));
    expect(delivered(to!, NEW_LIKE_TEXT)).toHaveLength(1);
  });

  it('retries 5xx answers with backoff and sends exactly once', async () => {
    const [to, from] = await createMembers(em(), 2, { age: 15 });
    await introduce(em(), from!, to!);
    t.bot.telegram.failWith({ status: 502 }, { times: 2, methods: ['sendMessage'] });
    await like(from!, to!);
    await t.bot.telegram.waitForCall('sendMessage', okTo(to!), 8000);
    await t.bot.finishedJobs.waitFor(isNotificationOf('like.created', { fromId: from!, toId: to! }, 2));
    expect(failedTo(to!, NEW_LIKE_TEXT)).toHaveLength(2);
    expect(delivered(to!, NEW_LIKE_TEXT)).toHaveLength(1);
  });

  it('keeps the notes queued while Telegram is unreachable, the app keeps working, and they go out when it is back', async () => {
    const [to, from] = await createMembers(em(), 2, { age: 17 });
    await introduce(em(), from!, to!);
    t.bot.telegram.failWith('unreachable');
    const socket = await socketAs(t.app, from!);
    const reply = await ask(socket, 'likes', 'action', { targetUserId: String(to), action: 'like' });
    expect(reply.t).toBe('action_success');
    await socket.close();
    const unread = await t.app.request.get('/api/likes/unread-count').set(tmaHeader(initDataFor(to!)));
    expect(unread.body).toMatchObject({ ok: true, count: 1 });
    await expect.poll(() => failedTo(to!, NEW_LIKE_TEXT).length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    expect(delivered(to!, NEW_LIKE_TEXT)).toHaveLength(0);
    t.bot.telegram.failWith(null);
    await t.bot.telegram.waitForCall('sendMessage', okTo(to!), 8000);
    // Each failed run was one attempt: the run that sent is the one after them.
    await t.bot.finishedJobs.waitFor(isNotificationOf('like.created', { fromId: from!, toId: to! }, failedTo(to!, NEW_LIKE_TEXT).length));
    expect(delivered(to!, NEW_LIKE_TEXT)).toHaveLength(1);
  });

  it('on a retry sends only what had not gone out (a match note that failed for one of the two)', async () => {
    const [a, b] = await createMembers(em(), 2, { age: 18 });
    await introduce(em(), a!, b!);
    await like(a!, b!);
    await t.bot.telegram.waitForCall('sendMessage', okTo(b!));
    t.bot.telegram.failWith({ status: 502 }, { times: 1, methods: ['sendMessage'] });
    const { chatId } = await like(b!, a!);
    await expect.poll(() => [delivered(a!, MATCH_TEXT).length, delivered(b!, MATCH_TEXT).length], { timeout: 5000 }).toEqual([1, 1]);
    expect(failedTo(a!, MATCH_TEXT).length + failedTo(b!, MATCH_TEXT).length).toBe(1);
    // The retry (attempt 1) sent what had failed; had it sent again to the other, it would be in the log once it ended.
    await t.bot.finishedJobs.waitFor(isNotificationOf('match.created', { chatId }, 1));
    expect([callsTo(a!, MATCH_TEXT).length, callsTo(b!, MATCH_TEXT).length].sort()).toEqual([1, 2]);
  });
});

describe('notifications across a worker restart', () => {
  it('queues what is published while no worker runs and sends it once when one starts', async () => {
    const [to, from] = await createMembers(em(), 2, { age: 16 });
    await introduce(em(), from!, to!);
    await t.bot.worker.stop();
    await like(from!, to!);
    // Queued with its change, and no worker took it.
    expect(await queuedJob('like.created', { fromId: from, toId: to })).toMatchObject({ locked_at: null });
    expect(callsTo(to!, NEW_LIKE_TEXT)).toHaveLength(0);
    await t.bot.worker.start();
    await t.bot.telegram.waitForCall('sendMessage', okTo(to!), 5000);
    await t.bot.finishedJobs.waitFor(isNotificationOf('like.created', { fromId: from!, toId: to! }));
    expect(delivered(to!, NEW_LIKE_TEXT)).toHaveLength(1);
  });

  it('takes over the job of a worker that crashed mid-way and sends only what it had not sent', async () => {
    const [a, b] = await createMembers(em(), 2, { age: 17 });
    await introduce(em(), a!, b!);
    await like(a!, b!);
    await t.bot.telegram.waitForCall('sendMessage', okTo(b!));
    await t.bot.worker.stop();
    const { chatId } = await like(b!, a!);
    const job = await queuedJob('match.created');
    // The dead worker had locked the job an hour ago and told `a` before it died.
    await em()
      .getConnection()
      .execute(
        `UPDATE graphile_worker._private_jobs SET locked_by = 'dead-worker', locked_at = now() - interval '1 hour', attempts = 1 WHERE id = ?`,
        [job.id],
      );
    await em()
      .getConnection()
      .execute(
        `INSERT INTO notification_deliveries (event_id, recipient, kind, status, updated_at) VALUES (?, ?, 'match', 'SENT', now())`,
        [job.payload.id, a],
      );
    await t.bot.worker.start();
    await t.bot.telegram.waitForCall('sendMessage', (c) => okTo(b!)(c) && c.params.text === MATCH_TEXT, 5000);
    await t.bot.finishedJobs.waitFor(isNotificationOf('match.created', { chatId }));
    expect(callsTo(a!, MATCH_TEXT)).toHaveLength(0);
    expect(delivered(b!, MATCH_TEXT)).toHaveLength(1);
  });
});
