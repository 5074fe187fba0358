import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPairChat } from '../../../db/chats/chats.service';
import { postMessage } from '../../../db/chats/messages.service';
import { KeyedQueue } from '../../../db/chats/per-chat-queue';
import { EventBus } from '../../../db/events/event-bus';
import { createLogger } from '../../../platform/logger';
import { sqlOf } from '../../../db/kysely';
import { createMember } from '../../support/factories';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

/**
 * A chat's messages are announced in seq order because each send's insert-and-announce runs in the app's per-chat
 * queue (KeyedQueue, tested on its own in tests/db/per-chat-queue.test.ts). Here: postMessage really runs its insert
 * and its announcement inside that queue, and two sends of one chat come out in seq order.
 */
describe('the announcements of one chat’s messages', () => {
  it('are stored and announced inside the per-chat queue, in seq order', async () => {
    const setup = db.orm.em.fork();
    const [a, b] = [await createMember(setup), await createMember(setup)];
    const { chatId } = await openPairChat(setup, a, b, new Date());
    const bus = new EventBus(createLogger('silent'));
    const announced: number[] = [];
    bus.on('message.created', ({ message }) => void announced.push(message.seq));

    // The chat's turn is taken by other work until released: a send of that chat must wait for it.
    const sends = new KeyedQueue<number>();
    let release!: () => void;
    const held = sends.run(chatId, () => new Promise<void>((resolve) => (release = resolve)));
    const sendA = postMessage(db.orm.em.fork(), bus, {
      chatId,
      senderId: a,
      clientId: 'a-1',
      content: { type: 'TEXT', text: 'первое' },
      sends,
    });
    const sendB = postMessage(db.orm.em.fork(), bus, {
      chatId,
      senderId: b,
      clientId: 'b-1',
      content: { type: 'TEXT', text: 'второе' },
      sends,
    });
    // Barrier: a later send of another chat goes through its own turn at once, so by its end the held chat's sends
    // have had every chance to run; none may have stored or announced anything.
    const other = await openPairChat(setup, a, await createMember(setup), new Date());
    await postMessage(db.orm.em.fork(), new EventBus(createLogger('silent')), {
      chatId: other.chatId,
      senderId: a,
      clientId: 'c-1',
      content: { type: 'TEXT', text: 'другой чат' },
      sends,
    });
    const stored = await sqlOf(db.orm.em.fork()).selectFrom('messages').select('id').where('chat_id', '=', chatId).execute();
    expect(stored).toEqual([]);
    expect(announced).toEqual([]);

    release();
    await held;
    const posted = await Promise.all([sendA, sendB]);
    // Two senders' sends take their turns in whichever order their checks before the queue finish; each gets its own
    // seq, and the announcements come out in seq order.
    expect(posted.map((p) => p.message.seq).sort()).toEqual([1, 2]);
    expect(announced).toEqual([1, 2]);
  });
});
