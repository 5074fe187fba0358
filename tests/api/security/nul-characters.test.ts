import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { introduce } from '../../support/factories';
import { ask } from '../../support/sockets';
import { connect } from '../../support/security/connect';
import { changedTables, dbFingerprint } from '../../support/security/db-fingerprint';
import { Fixtures } from '../../support/security/fixtures';
import { callerAs } from '../../support/security/identities';
import { createTestApp, type TestApp } from '../../support/test-app';
import { tmaHeader } from '../../support/init-data';

let app: TestApp;
let fixtures: Fixtures;
beforeAll(async () => {
  app = await createTestApp();
  fixtures = new Fixtures(app);
});
afterAll(() => app.close());

const REFUSED = { ok: false, error: 'BAD_REQUEST', message: 'Недопустимый символ в запросе' };

// PostgreSQL text cannot hold U+0000; found by the fuzz as a 500 from GET /api/places/search?q=a%00b.
describe('a NUL character in the input', () => {
  it('is refused with 400 in the query, the JSON body (values and keys) and multipart fields', async () => {
    const { id, initData } = await callerAs(app, 'user');
    expect((await app.request.get('/api/places/search').set(tmaHeader(initData!)).query({ q: 'Мос\u0000ква' })).body).toEqual(REFUSED);
    const reported = await fixtures.member();
    // Served by the feed (AMENDMENTS §5.1), so only the character can refuse the report.
    await introduce(app.db.orm.em.fork(), id, reported);
    const before = await dbFingerprint(app.db.orm);
    expect(
      (
        await app.request
          .post('/api/profile/report')
          .send({ initData, reportedUserId: reported, reason: 'SPAM', description: 'спам\u0000' })
      ).body,
    ).toEqual(REFUSED);
    expect((await app.request.post('/api/notifications/settings').send({ initData, 'likes\u0000': false })).body).toEqual(REFUSED);
    expect((await app.request.post('/api/cdn/images/upload').set(tmaHeader(initData!)).field('variant', 'media\u0000')).body).toEqual(
      REFUSED,
    );
    expect(changedTables(before, await dbFingerprint(app.db.orm))).toEqual([]);
  });

  // jsonb cannot hold a lone UTF-16 surrogate; found by the fuzz as a 500 from PATCH /api/profile/my {"displayName":"x\ud83d"}.
  it('is refused with 400 as a lone surrogate is, in values and keys; a well-formed pair (an emoji) passes', async () => {
    const { id, initData } = await callerAs(app, 'user');
    const reported = await fixtures.member();
    await introduce(app.db.orm.em.fork(), id, reported);
    const before = await dbFingerprint(app.db.orm);
    const report = (description: string) =>
      app.request.post('/api/profile/report').send({ initData, reportedUserId: reported, reason: 'SPAM', description });
    expect((await report('спам \ud83d')).body).toEqual(REFUSED);
    expect((await report('\udc00 спам')).body).toEqual(REFUSED);
    expect((await app.request.post('/api/notifications/settings').send({ initData, 'likes\ud83d': false })).body).toEqual(REFUSED);
    expect(changedTables(before, await dbFingerprint(app.db.orm))).toEqual([]);
    expect((await report('спам 😀')).status).toBe(200);
  });

  it('in a chat message on the socket is answered with an error, not the internal one', async () => {
    const caller = await callerAs(app, 'user');
    const { chatId } = await fixtures.chatOf(caller.id);
    const socket = await connect(app, '/ws/messages', caller.initData);
    const refused = await ask(socket, 'messages', 'send', { chatId: String(chatId), text: 'при\u0000вет', clientId: 'c-nul' });
    expect(refused).toMatchObject({ ch: 'messages', t: 'error', data: { message: 'Недопустимый символ в запросе' } });
    expect(await ask(socket, 'messages', 'send', { chatId: String(chatId), text: 'привет', clientId: 'c-ok' })).toMatchObject({
      t: 'sent',
    });
    await socket.close();
  });
});
