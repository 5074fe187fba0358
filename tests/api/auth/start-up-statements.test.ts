import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../support/factories';
import { tmaHeader } from '../../support/init-data';
import { recordingClient } from '../../support/recorded-statements';
import { initDataFor, socketAs } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';

// Issue 42: the mini app opens with several calls at once, then its two sockets. The user's row is read and its
// last-seen time written once for all of them, not once per call and per socket.
const statements: string[] = [];
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ driverOptions: { Client: recordingClient((s) => statements.push(s.text)) } });
});
afterAll(() => app.close());

const CALLS = [
  ['post', '/api/telegram/validate'],
  ['get', '/api/profile/me'],
  ['post', '/api/profile/status'],
  ['get', '/api/explore/first'],
  ['get', '/api/messages/total-unread-count'],
  ['get', '/api/likes/unread-count'],
] as const;
// The row as the users service reads it: through the User entity (one write path, issue 41).
const userRowReads = () => statements.filter((s) => /^select "u0"\.\* from "users" as "u0" where "u0"\."telegram_id" = /.test(s));
const userRowWrites = () => statements.filter((s) => s.startsWith('update "users"'));

describe('opening the mini app (issue 42)', () => {
  it('reads and refreshes the user row once for all its start-up calls and both sockets', async () => {
    const me = await createMember(app.db.orm.em.fork());
    // The usual open: Telegram's fields as stored, so only the last-seen time is written.
    await app.db.orm.em.fork().execute("UPDATE users SET username = NULL, language_code = 'ru' WHERE telegram_id = ?", [me]);
    const header = tmaHeader(initDataFor(me));
    statements.length = 0;
    const answers = await Promise.all(
      CALLS.map(([method, url]) => (method === 'get' ? app.request.get(url) : app.request.post(url).send({})).set(header)),
    );
    expect(answers.map((a) => a.status)).toEqual(CALLS.map(() => 200));
    const sockets = [await socketAs(app, me, '/ws/likes'), await socketAs(app, me, '/ws/messages')];
    expect(await sockets[0]!.next((m) => m.t === 'hello')).toMatchObject({ data: { userId: String(me) } });
    expect(userRowReads()).toHaveLength(1);
    expect(userRowWrites()).toHaveLength(1);
    await Promise.all(sockets.map((s) => s.close()));
  });

  it('reads the row once too when the launch changes a Telegram field (its own user.changed leaves the row it wrote)', async () => {
    const me = await createMember(app.db.orm.em.fork());
    // Stored otherwise than the launch says: the first call writes the change and announces it.
    await app.db.orm.em.fork().execute("UPDATE users SET username = NULL, language_code = 'en' WHERE telegram_id = ?", [me]);
    const header = tmaHeader(initDataFor(me));
    statements.length = 0;
    const answers = await Promise.all(
      CALLS.map(([method, url]) => (method === 'get' ? app.request.get(url) : app.request.post(url).send({})).set(header)),
    );
    expect(answers.map((a) => a.status)).toEqual(CALLS.map(() => 200));
    const socket = await socketAs(app, me, '/ws/messages');
    expect(userRowReads()).toHaveLength(1);
    expect(userRowWrites()).toHaveLength(1);
    await socket.close();
  });

  it('still refuses a socket at once after a ban (the sockets cache hears the event)', async () => {
    const me = await createMember(app.db.orm.em.fork());
    const first = await socketAs(app, me, '/ws/likes');
    await first.close();
    await app.db.orm.em.fork().execute('UPDATE users SET is_banned = true WHERE telegram_id = ?', [me]);
    app.bus.deliverRemote({ name: 'user.banned', payload: { userId: me, reason: null, byId: null } });
    await expect(socketAs(app, me, '/ws/likes')).rejects.toThrow();
  });
});
