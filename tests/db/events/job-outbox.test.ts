import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueNotifications } from '../../../bot/notifications/enqueue';
import { postMessage } from '../../../db/chats/messages.service';
import { EventBus } from '../../../db/events/event-bus';
import { drainJobOutbox, JobOutboxDrain, writeJobOutbox } from '../../../db/events/job-outbox';
import { createJobQueue } from '../../../platform/jobs/job-queue';
import type { Kysely } from 'kysely';
import { sqlOf, type Database } from '../../../db/kysely';
import { createLogger } from '../../../platform/logger';
import { openChatBetween } from '../../support/chats';
import { createMembers } from '../../support/factories';
import { openRecordingOrm, type RecordingOrm } from '../../support/recorded-statements';
import { loadChatAccess } from '../../../db/chats/chat-access';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// Issue 42: a notify job is a plain row written with the change (no graphile_worker.add_job on the action's path),
// moved into graphile-worker's queue in batches by one statement that deletes the rows and adds their jobs.
let db: TestDatabase;
let recording: RecordingOrm;
const logger = createLogger('silent');
beforeAll(async () => {
  db = await createTestDatabase();
  // Installs graphile_worker's schema, which the drain's add_jobs needs.
  await (await createJobQueue(db.url, logger)).close();
  recording = await openRecordingOrm(db.url);
});
afterAll(async () => {
  await recording.close();
  await db.drop();
});
const kdb = () => sqlOf(db.orm.em.fork());
const TASK = 'outbox-test';
const write = (on: Kysely<Database>, jobs: Array<{ payload: { n: number }; jobKey: string | null }>) =>
  writeJobOutbox(
    on,
    jobs.map((job) => ({ task: TASK, payload: JSON.stringify(job.payload), jobKey: job.jobKey })),
  );
const outboxRows = async () =>
  Number(
    (await kdb()
      .selectFrom('job_outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst())!.n,
  );
const queued = async () =>
  (
    await db.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ key: string | null; payload: { n: number } }>>(
        `SELECT j.key, j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
          WHERE t.identifier = ? ORDER BY j.id`,
        [TASK],
      )
  ).map((j) => ({ key: j.key, n: j.payload.n }));
const clear = async () => {
  await db.orm.em.fork().getConnection().execute('DELETE FROM graphile_worker._private_jobs');
  await kdb().deleteFrom('job_outbox').execute();
};

describe('the job outbox (issue 42)', () => {
  it('holds jobs exactly when their transaction commits, and the drain moves them into the queue in order, once', async () => {
    await clear();
    await db.orm.em
      .fork()
      .transactional(async (tx) => {
        await write(sqlOf(tx), [{ payload: { n: 0 }, jobKey: 'rolled-back' }]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await outboxRows()).toBe(0);
    await db.orm.em.fork().transactional(async (tx) => {
      await write(sqlOf(tx), [
        { payload: { n: 1 }, jobKey: 'k1' },
        { payload: { n: 2 }, jobKey: null },
      ]);
    });
    await write(kdb(), [{ payload: { n: 3 }, jobKey: 'k3' }]);
    expect(await outboxRows()).toBe(3);
    expect(await queued()).toEqual([]);
    expect(await drainJobOutbox(kdb())).toBe(3);
    expect(await outboxRows()).toBe(0);
    expect(await queued()).toEqual([
      { key: 'k1', n: 1 },
      { key: null, n: 2 },
      { key: 'k3', n: 3 },
    ]);
    expect(await drainJobOutbox(kdb())).toBe(0);
    expect(await queued()).toHaveLength(3);
  });

  it('keeps the latest job of a key met twice in one batch, as a replacing add_job would', async () => {
    await clear();
    await write(kdb(), [
      { payload: { n: 1 }, jobKey: 'same' },
      { payload: { n: 2 }, jobKey: 'same' },
    ]);
    expect(await drainJobOutbox(kdb())).toBe(2);
    expect(await queued()).toEqual([{ key: 'same', n: 2 }]);
  });

  it('moves each row once when drains run at the same time, in batches', async () => {
    await clear();
    const jobs = Array.from({ length: 60 }, (_, n) => ({ payload: { n }, jobKey: `many-${n}` }));
    await write(kdb(), jobs);
    const moved = await Promise.all(Array.from({ length: 4 }, () => drainJobOutbox(kdb(), 10)));
    const rest = await drainJobOutbox(kdb());
    expect(moved.reduce((a, b) => a + b, 0) + rest).toBe(60);
    expect((await queued()).map((j) => j.n).sort((a, b) => a - b)).toEqual(jobs.map((j) => j.payload.n));
  });

  it('drains soon after a commit, sharing one statement between the commits of that moment', async () => {
    await clear();
    const drain = new JobOutboxDrain({ db: kdb, logger, delayMs: 30, sweepMs: 60_000 });
    try {
      await write(kdb(), [{ payload: { n: 1 }, jobKey: null }]);
      await write(kdb(), [{ payload: { n: 2 }, jobKey: null }]);
      drain.soon();
      drain.soon();
      await expect.poll(queued).toHaveLength(2);
      expect(await outboxRows()).toBe(0);
    } finally {
      await drain.stop();
    }
  });

  it('sweeps rows no commit of its own announced (a process that died after its commit)', async () => {
    await clear();
    const drain = new JobOutboxDrain({ db: kdb, logger, sweepMs: 100 });
    try {
      await write(kdb(), [{ payload: { n: 7 }, jobKey: null }]);
      await expect.poll(queued).toEqual([{ key: null, n: 7 }]);
    } finally {
      await drain.stop();
    }
  });

  it('writes a chat send and its outbox row in one statement, with the stored id and seq in the job, and no add_job', async () => {
    const [a, b] = await createMembers(db.orm.em.fork(), 2, { age: 16 });
    const chatId = await openChatBetween(db.orm.em.fork(), a!, b!);
    const bus = new EventBus(logger);
    let drains = 0;
    enqueueNotifications(bus, { soon: () => void drains++ });
    const { statements, result } = await recording.during(() =>
      postMessage(recording.orm.em.fork(), bus, { chatId, senderId: a!, clientId: 'outbox-1', content: { type: 'TEXT', text: 'привет' } }),
    );
    // The membership read, then the one statement: no begin, no commit.
    expect(statements).toHaveLength(2);
    expect(statements[1]).toMatch(/insert into "messages".*insert into "job_outbox"/s);
    expect(statements.some((s) => s.includes('graphile_worker'))).toBe(false);
    // Asked for after the commit, once.
    expect(drains).toBe(1);
    const [row] = await kdb().selectFrom('job_outbox').select(['task', 'payload', 'job_key']).execute();
    expect(row).toMatchObject({ task: 'notify', job_key: expect.stringMatching(/^notify:/) });
    expect(row!.payload).toMatchObject({
      event: { name: 'message.created', payload: { message: { id: result.message.id, seq: 1, chatId, text: null } } },
    });
    // A retry of the same message writes nothing more.
    const again = await postMessage(db.orm.em.fork(), bus, {
      chatId,
      senderId: a!,
      clientId: 'outbox-1',
      content: { type: 'TEXT', text: 'привет' },
    });
    expect(again).toMatchObject({ duplicate: true, message: { id: result.message.id } });
    expect(await outboxRows()).toBe(1);
    // With the sender's earlier read of the chat (their socket's, issue 42): the statement alone, which checks it.
    const known = await loadChatAccess(db.orm.em.fork(), chatId, a!);
    const next = await recording.during(() =>
      postMessage(recording.orm.em.fork(), bus, {
        chatId,
        senderId: a!,
        clientId: 'outbox-2',
        content: { type: 'TEXT', text: 'ещё' },
        known,
      }),
    );
    expect(next.statements).toHaveLength(1);
    expect(next.statements[0]).toMatch(/update "chats" .*"chat_members" as "me".*insert into "messages".*insert into "job_outbox"/s);
    expect(next.result).toMatchObject({ duplicate: false, message: { seq: 2 } });
    expect(await outboxRows()).toBe(2);
  });
});
