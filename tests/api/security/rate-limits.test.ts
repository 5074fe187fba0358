import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../../api/middleware/rate-limits';
import { introduce } from '../../support/factories';
import { ask } from '../../support/sockets';
import { connect } from '../../support/security/connect';
import { Fixtures } from '../../support/security/fixtures';
import { callerAs } from '../../support/security/identities';
import { tmaHeader } from '../../support/init-data';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let fixtures: Fixtures;
beforeAll(async () => {
  app = await createTestApp();
  fixtures = new Fixtures(app);
});
afterAll(() => app.close());

/** A fresh member whose card the feed served to `viewer` (AMENDMENTS §5.1), so only a limit can refuse a like. */
async function servedTo(viewer: number): Promise<string> {
  const target = await fixtures.member();
  await introduce(app.db.orm.em.fork(), viewer, target);
  return String(target);
}

const limited = (head: string) => ({
  t: 'error',
  data: { message: expect.stringMatching(new RegExp(`^${head}\\. Попробуйте через \\d+ (с|мин)$`)), retryAfter: expect.any(Number) },
});

describe('likes', () => {
  it(`refuses the like past ${RATE_LIMITS.likes.limit} a minute with retryAfter; dislikes and other users go on`, async () => {
    const caller = await callerAs(app, 'user');
    const socket = await connect(app, '/ws/likes', caller.initData);
    // Every attempt counts, even refused ones (here: liking oneself), so targets cannot be probed quickly.
    for (let i = 0; i < RATE_LIMITS.likes.limit; i++)
      socket.send({ ch: 'explore', t: 'like', cid: `l${i}`, data: { targetUserId: String(caller.id) } });
    await socket.next((m) => m.cid === `l${RATE_LIMITS.likes.limit - 1}`);
    expect(await ask(socket, 'explore', 'like', { targetUserId: await servedTo(caller.id) })).toMatchObject(
      limited('Слишком много лайков'),
    );
    expect(await ask(socket, 'likes', 'action', { targetUserId: await servedTo(caller.id), action: 'like' })).toMatchObject(
      limited('Слишком много лайков'),
    );
    expect(await ask(socket, 'explore', 'dislike', { targetUserId: await servedTo(caller.id) })).toMatchObject({ t: 'ack' });
    const other = await callerAs(app, 'user');
    const otherSocket = await connect(app, '/ws/likes', other.initData);
    expect(await ask(otherSocket, 'explore', 'like', { targetUserId: await servedTo(other.id) })).toMatchObject({ t: 'ack' });
    await Promise.all([socket.close(), otherSocket.close()]);
  });
});

describe('messages', () => {
  it(`refuses the message past ${RATE_LIMITS.messages.limit} in 10 s, on the socket and over HTTP`, async () => {
    const caller = await callerAs(app, 'user');
    const { chatId } = await fixtures.chatOf(caller.id);
    const socket = await connect(app, '/ws/messages', caller.initData);
    for (let i = 0; i < RATE_LIMITS.messages.limit; i++)
      socket.send({ ch: 'messages', t: 'send', cid: `m${i}`, data: { chatId: String(chatId), text: `№${i}`, clientId: `c${i}` } });
    expect(await socket.next((m) => m.cid === `m${RATE_LIMITS.messages.limit - 1}`)).toMatchObject({ t: 'sent' });
    expect(await ask(socket, 'messages', 'send', { chatId: String(chatId), text: 'ещё', clientId: 'late' })).toMatchObject(
      limited('Слишком много сообщений'),
    );
    const sticker = await app.request
      .post('/api/messages/send-sticker')
      .send({ initData: caller.initData, chatId, stickerId: await fixtures.sticker(caller.id) });
    expect(sticker.status).toBe(429);
    expect(sticker.body).toMatchObject({
      ok: false,
      error: 'RATE_LIMITED',
      message: expect.stringMatching(/^Слишком много сообщений\. Попробуйте через \d+ с$/),
    });
    expect(Number(sticker.headers['retry-after'])).toBeGreaterThan(0);
    await socket.close();
  });
});

describe('uploads', () => {
  it(`answers 429 with Retry-After past ${RATE_LIMITS.uploads.limit} uploads in 10 minutes`, async () => {
    const caller = await callerAs(app, 'user');
    const upload = () => app.request.post('/api/cdn/images/upload').set(tmaHeader(caller.initData!)).field('variant', 'media');
    // Attempts count whether or not they succeed (here: no file at all).
    for (let i = 0; i < RATE_LIMITS.uploads.limit; i++) expect((await upload()).status).toBe(400);
    const res = await upload();
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({
      ok: false,
      error: 'RATE_LIMITED',
      message: expect.stringMatching(/^Слишком много загрузок\. Попробуйте через \d+ мин$/),
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
  });
});
