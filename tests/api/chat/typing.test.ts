import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typingPushSchema } from '../../../contracts/chat';
import { createPair, messagesSocket, receivedOf, sendText, subscribe } from '../../support/chats';
import { ask } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('/ws/messages typing', () => {
  it('relays typing to the peer’s open chat only, and drops a second one inside the window', async () => {
    const { a, b, chatId } = await createPair(app);
    const [sa, sb] = [await messagesSocket(app, a), await messagesSocket(app, b)];
    await Promise.all([subscribe(sa, chatId), subscribe(sb, chatId)]);
    expect(await ask(sa, 'messages', 'typing', { chatId: String(chatId) })).toMatchObject({ t: 'typing_ack', data: { relayed: true } });
    expect(typingPushSchema.parse((await sb.next((m) => m.t === 'typing')).data)).toEqual({ chatId: String(chatId), userId: String(a) });
    // Over the limit: answered, not relayed.
    expect(await ask(sa, 'messages', 'typing', { chatId: String(chatId) })).toMatchObject({ t: 'typing_ack', data: { relayed: false } });
    // The message comes after both typing events: by then every relayed one has arrived.
    await sendText(sa, chatId, 'готово');
    await sb.next((m) => m.t === 'message');
    expect(receivedOf(sb, 'messages', 'typing')).toHaveLength(1);
    expect(receivedOf(sa, 'messages', 'typing')).toHaveLength(0);
    await Promise.all([sa.close(), sb.close()]);
  });

  it('refuses typing in someone else’s chat and tells its members nothing', async () => {
    const { a, b, chatId } = await createPair(app);
    const outsider = await createPair(app);
    const [so, sb] = [await messagesSocket(app, outsider.a), await messagesSocket(app, b)];
    await subscribe(sb, chatId);
    expect(await ask(so, 'messages', 'typing', { chatId: String(chatId) })).toMatchObject({
      t: 'error',
      data: { message: 'Чат не найден' },
    });
    const sa = await messagesSocket(app, a);
    await sendText(sa, chatId, 'маяк');
    await sb.next((m) => m.t === 'message');
    expect(receivedOf(sb, 'messages', 'typing')).toHaveLength(0);
    await Promise.all([sa.close(), sb.close(), so.close()]);
  });

  it('does not relay typing across a block', async () => {
    const { a, b, chatId } = await createPair(app);
    await app.db.orm.em
      .fork()
      .getConnection()
      .execute('INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, now())', [b, a]);
    const [sa, sb] = [await messagesSocket(app, a), await messagesSocket(app, b)];
    await subscribe(sb, chatId);
    expect(await ask(sa, 'messages', 'typing', { chatId: String(chatId) })).toMatchObject({ t: 'typing_ack', data: { relayed: false } });
    await Promise.all([sa.close(), sb.close()]);
  });
});
