import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPairChat } from '../../../db/chats/chats.service';
import { postMessage } from '../../../db/chats/messages.service';
import { EventBus } from '../../../db/events/event-bus';
import { createLogger } from '../../../db/logger';
import { createMember } from '../../support/factories';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const isInsert = (sql: unknown) => String(sql).includes('INSERT INTO messages');

/**
 * An EntityManager whose statements run as usual, watched: `accessRead` settles when its first statement (the
 * sender's chat access) has answered, `insertCalled` tells whether the message's INSERT was sent, and with `holdInsert`
 * the INSERT's answer (the statement itself has committed) reaches the caller only once `release()` is called.
 */
function watchedEm(holdInsert: boolean) {
  const em = db.orm.em.fork() as EntityManager;
  const execute = em.execute.bind(em) as (...args: unknown[]) => Promise<unknown>;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let inserted!: () => void;
  const insertDone = new Promise<void>((resolve) => (inserted = resolve));
  let read!: () => void;
  const accessRead = new Promise<void>((resolve) => (read = resolve));
  const state = { insertCalled: false };
  (em as { execute: unknown }).execute = async (...args: unknown[]) => {
    if (!isInsert(args[0])) return execute(...args).finally(read);
    state.insertCalled = true;
    const rows = await execute(...args);
    inserted();
    if (holdInsert) await released;
    return rows;
  };
  return { em, release, insertDone, accessRead, state };
}

describe('the announcements of one chat’s messages', () => {
  it('go out in seq order even when the database’s answers are read in the other order', async () => {
    const setup = db.orm.em.fork();
    const [a, b] = [await createMember(setup), await createMember(setup)];
    const { chatId } = await openPairChat(setup, a, b, new Date());
    const bus = new EventBus(createLogger('silent'));
    const announced: number[] = [];
    bus.on('message.created', ({ message }) => void announced.push(message.seq));

    // a's message gets seq 1, but its answer is held back…
    const first = watchedEm(true);
    const sendA = postMessage(first.em, bus, { chatId, senderId: a, clientId: 'a-1', content: { type: 'TEXT', text: 'первое' } });
    await first.insertDone;
    // …while b's message comes in: it must not be announced before a's.
    const second = watchedEm(false);
    const sendB = postMessage(second.em, bus, { chatId, senderId: b, clientId: 'b-1', content: { type: 'TEXT', text: 'второе' } });
    await second.accessRead;
    // One turn of the event loop: b's send has gone as far as it can without waiting on a's.
    await new Promise((resolve) => setImmediate(resolve));
    // Sent alongside a's (nothing queued it): let it finish first, as an answer read early would.
    if (second.state.insertCalled) await sendB;
    first.release();
    const [postedA, postedB] = await Promise.all([sendA, sendB]);
    expect([postedA.message.seq, postedB.message.seq]).toEqual([1, 2]);
    await expect.poll(() => announced.length).toBe(2);
    expect(announced).toEqual([1, 2]);
  });
});
