import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPair, messagesSocket, sendText, subscribe } from '../../support/chats';
import { createMember } from '../../support/factories';
import { recordingClient } from '../../support/recorded-statements';
import { ask, socketAs } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';

// Issue 42: the sockets hand an action the facts an earlier request on them read (the explore socket the viewer's, the
// messages socket an open chat's access), so its statement checks them instead of their being read again. Counted as
// PostgreSQL receives them, through the real channels.
const statements: string[] = [];
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ driverOptions: { Client: recordingClient((s) => statements.push(s.text.toLowerCase())) } });
});
afterAll(() => app.close());

const during = async (work: () => Promise<unknown>) => {
  statements.length = 0;
  await work();
  return [...statements];
};
// loadViewer's read of the viewer's row; the chat access read (chatFactsQuery).
const viewerReads = (list: string[]) => list.filter((s) => /^select "birth_date", .* from "profiles" where "user_telegram_id" = /.test(s));
const accessReads = (list: string[]) => list.filter((s) => /from "chat_members" as "me" inner join "chats" as "c"/.test(s));

describe('what a socket already read is not read again (issue 42)', () => {
  it("explore: the socket's first card reads the viewer's row, the next ones do not", async () => {
    const me = await createMember(app.db.orm.em.fork(), { age: 16 });
    const others = [await createMember(app.db.orm.em.fork(), { age: 16 }), await createMember(app.db.orm.em.fork(), { age: 16 })];
    const socket = await socketAs(app, me);
    const first = await during(() => ask(socket, 'explore', 'next'));
    expect(viewerReads(first)).toHaveLength(1);
    const second = await during(async () => {
      const reply = await ask(socket, 'explore', 'next', { skip: String(others[0]) });
      expect(reply).toMatchObject({ t: 'profile', data: { userId: expect.any(String) } });
    });
    expect(viewerReads(second)).toHaveLength(0);
    expect(second.some((s) => s.includes('"profiles" as "vw"'))).toBe(true);
    await socket.close();
  });

  it("messages: a send on a chat the socket has open does not read the chat's access; on one it has not, it does", async () => {
    const pair = await createPair(app, { age: 16 });
    const socket = await messagesSocket(app, pair.a);
    const closed = await during(() => sendText(socket, pair.chatId, 'до открытия'));
    expect(accessReads(closed)).toHaveLength(1);
    expect(await subscribe(socket, pair.chatId)).toMatchObject({ t: 'subscribed' });
    const open = await during(async () => expect(await sendText(socket, pair.chatId, 'в открытом')).toMatchObject({ t: 'sent' }));
    expect(accessReads(open)).toHaveLength(0);
    expect(open.filter((s) => s.startsWith('with "next"'))).toHaveLength(1);
    await socket.close();
  });
});
