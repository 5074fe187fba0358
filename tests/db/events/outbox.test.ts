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
const nameOf = async (on: Kysely<Database>, id: number) =>
  (await on.selectFrom('users').select('first_name').where('telegram_id', '=', id).executeTakeFirstOrThrow()).first_name;

beforeAll(async () => {
  db = await createTestDatabase();
  bus = new EventBus(createLogger('silent'));
  publishOrmEvents(db.orm, bus);
  // What the outbox sees of the change, inside its transaction and from another connection.
  bus.addOutbox(async (tx, events) => {
    const ids = events.flatMap((e) => ('userId' in e.payload ? [e.payload.userId] : []));
    const inside = await Promise.all(ids.map((id) => nameOf(tx, id)));
    const outside = await Promise.all(ids.map((id) => nameOf(sqlOf(em()), id)));
    log.push(`outbox ${events.map((e) => e.name).join(',')} inside=${inside.join(',')} outside=${outside.join(',')}`);
  });
  // What another connection sees once an event is published: the committed change.
  const published =
    (name: string) =>
    async ({ userId }: { userId: number }) => {
      log.push(`published ${name} outside=${await nameOf(sqlOf(em()), userId)}`);
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
  it('gets the events of a flush outside any transaction inside its own transaction, before the commit and the publication', async () => {
    const id = await createMember(em());
    log.splice(0);
    await rename(em(), id, 'Новое');
    await expect.poll(() => log.length).toBe(2);
    expect(log).toEqual(['outbox user.changed inside=Новое outside=Тест', 'published user.changed outside=Новое']);
  });

  it('gets every flush and emit of a transaction once, at the outermost commit, savepoints included', async () => {
    const id = await createMember(em());
    log.splice(0);
    await inTransaction(em(), bus, async (tx, emit) => {
      await rename(tx, id, 'Первое');
      await tx.transactional((inner) => rename(inner, id, 'Второе'));
      emit({ name: 'user.unbanned', payload: { userId: id, byId: null } });
    });
    await expect.poll(() => log.length).toBe(5);
    expect(log.slice(0, 2)).toEqual([
      'outbox user.unbanned inside=Второе outside=Тест',
      'outbox user.changed,user.changed inside=Второе,Второе outside=Тест,Тест',
    ]);
    expect(log.slice(2).sort()).toEqual([
      'published user.changed outside=Второе',
      'published user.changed outside=Второе',
      'published user.unbanned outside=Второе',
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
    expect(log).toEqual(['outbox user.changed inside=После outside=Тест', 'published user.changed outside=После']);
  });
});
