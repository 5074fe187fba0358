import type { EntityManager } from '@mikro-orm/postgresql';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EventBus, inTransaction } from '../../../db/events/event-bus';
import { sqlOf, type Database } from '../../../db/kysely';
import { publishOrmEvents } from '../../../db/events/orm-events';
import { createLogger } from '../../../platform/logger';
import { User } from '../../../db/users/user.entity';
import { createMember } from '../../support/factories';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

let db: TestDatabase;
let bus: EventBus;
const log: string[] = [];
const em = () => db.orm.em.fork();
// The outbox's rows for a user as another connection sees them: there exactly when the change is.
const jobsOf = async (userId: number) =>
  (await sqlOf(em()).selectFrom('job_outbox').select('payload').where('task', '=', 'outbox-test').execute()).filter(
    (row) => (row.payload as { userId: number }).userId === userId,
  ).length;
const nameOf = async (on: Kysely<Database>, id: number) =>
  (await on.selectFrom('users').select('first_name').where('telegram_id', '=', id).executeTakeFirstOrThrow()).first_name;

beforeAll(async () => {
  db = await createTestDatabase();
  bus = new EventBus(createLogger('silent'));
  publishOrmEvents(db.orm, bus);
  // The events the outbox is asked for (a job each, keyed by the user's id), in the order asked.
  bus.addOutbox((event) => {
    const userId = 'userId' in event.payload ? event.payload.userId : 0;
    log.push(`outbox ${event.name}`);
    return [{ task: 'outbox-test', payload: JSON.stringify({ userId }), jobKey: null }];
  });
  // What another connection sees once an event is published: the committed change.
  const published =
    (name: string) =>
    async ({ userId }: { userId: number }) => {
      log.push(`published ${name} outside=${await nameOf(sqlOf(em()), userId)} jobs=${await jobsOf(userId)}`);
    };
  bus.on('user.changed', published('user.changed'));
  bus.on('user.unbanned', published('user.unbanned'));
});
afterAll(() => db.drop());
beforeEach(() => void log.splice(0));

const rename = async (tx: EntityManager, id: number, firstName: string) => {
  (await tx.findOneOrFail(User, { telegramId: id })).firstName = firstName;
  await tx.flush();
};

describe('the outbox of committed events', () => {
  it('writes the jobs of a flush outside any transaction in its own transaction: committed by the publication', async () => {
    const id = await createMember(em());
    log.splice(0);
    await rename(em(), id, 'Новое');
    await expect.poll(() => log.length).toBe(2);
    expect(log).toEqual(['outbox user.changed', 'published user.changed outside=Новое jobs=1']);
  });

  it('gets every flush and emit of a transaction once, at the outermost commit, savepoints included', async () => {
    const id = await createMember(em());
    log.splice(0);
    await inTransaction(em(), bus, async (tx, emit) => {
      await rename(tx, id, 'Первое');
      await tx.transactional((inner) => rename(inner, id, 'Второе'));
      emit({ name: 'user.unbanned', payload: { userId: id, byId: null } });
    });
    await expect.poll(() => log.length).toBe(6);
    expect(log.slice(0, 3)).toEqual(['outbox user.unbanned', 'outbox user.changed', 'outbox user.changed']);
    // Every job committed with the change, before any publication.
    expect(log.slice(3).sort()).toEqual([
      'published user.changed outside=Второе jobs=3',
      'published user.changed outside=Второе jobs=3',
      'published user.unbanned outside=Второе jobs=3',
    ]);
  });

  it('keeps nothing of a transaction that rolls back', async () => {
    const id = await createMember(em());
    log.splice(0);
    const failing = em().transactional(async (tx) => {
      await rename(tx, id, 'Откат');
      throw new Error('rolled back');
    });
    await expect(failing).rejects.toThrow('rolled back');
    // A later change's publication comes after anything the rolled-back one could have published.
    await rename(em(), id, 'После');
    await expect.poll(() => log.length).toBe(2);
    // The rolled-back change's jobs were never written: one job, the later change's.
    expect(log).toEqual(['outbox user.changed', 'published user.changed outside=После jobs=1']);
  });
});
