import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../../db/users/user.entity';
import { createTestApp, type TestApp } from '../../support/test-app';
import { signInitData, testLaunchUser } from '../../support/init-data';
import { openSocket } from '../../support/ws-client';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({}, (channels) => {
    // A probe channel standing in for the ones later features register.
    channels.handle('likes', ({ message, reply, user }) => {
      if (message.t === 'boom') throw new Error('unexpected');
      reply('echo', { userId: user.telegramId, data: message.data });
    });
  });
});
afterAll(() => app.close());

const open = (path: string, initData?: string) => openSocket(`${app.wsUrl}${path}`, initData);

describe('WebSocket upgrade', () => {
  it('is refused with 401 before upgrading without initData', async () => {
    await expect(open('/ws/likes')).rejects.toMatchObject({ status: 401 });
  });

  it('is refused with 401 for initData in the URL (proxy logs keep URLs): it counts only in the subprotocols', async () => {
    const initData = signInitData(testLaunchUser());
    await expect(openSocket(`${app.wsUrl}/ws/likes?initData=${encodeURIComponent(initData)}`)).rejects.toMatchObject({ status: 401 });
    const socket = await open('/ws/likes', initData);
    // The server picks the bare `tma`: the credential is never echoed back.
    expect(socket.ws.protocol).toBe('tma');
    await socket.close();
  });

  it('is refused with 401 for tampered initData', async () => {
    await expect(open('/ws/messages', `${signInitData(testLaunchUser())}x`)).rejects.toMatchObject({ status: 401 });
  });

  it('is refused with 404 on an unknown path', async () => {
    await expect(open('/ws/other', signInitData(testLaunchUser()))).rejects.toMatchObject({ status: 404 });
  });

  it('is refused with 403 for a banned user', async () => {
    const launch = testLaunchUser();
    const em = app.db.orm.em.fork();
    em.create(User, { telegramId: launch.id, isBanned: true });
    await em.flush();
    await expect(open('/ws/likes', signInitData(launch))).rejects.toMatchObject({ status: 403 });
  });
});

describe('messages on an open socket', () => {
  it('routes a valid envelope to its channel and repeats the cid', async () => {
    const launch = testLaunchUser();
    const socket = await open('/ws/likes', signInitData(launch));
    expect(app.hub.isOnline(launch.id)).toBe(true);
    socket.send({ ch: 'likes', t: 'ping', cid: 'c1', data: { a: 1 } });
    expect(await socket.next((m) => m.cid === 'c1')).toEqual({
      ch: 'likes',
      t: 'echo',
      cid: 'c1',
      data: { userId: launch.id, data: { a: 1 } },
    });
    await socket.close();
  });

  it('answers malformed and unknown messages with an error and keeps the socket open', async () => {
    const socket = await open('/ws/likes', signInitData(testLaunchUser()));
    socket.send('not json');
    expect(await socket.next((m) => m.t === 'error')).toMatchObject({ t: 'error', data: { message: expect.any(String) } });
    socket.send({ ch: 'messages', t: 'send', cid: 'c2' });
    expect(await socket.next((m) => m.cid === 'c2')).toMatchObject({ t: 'error', data: { message: 'Неизвестный канал' } });
    socket.send({ ch: 'likes', t: 'boom', cid: 'c3' });
    expect(await socket.next((m) => m.cid === 'c3')).toMatchObject({ t: 'error', data: { message: 'Внутренняя ошибка сервера' } });
    socket.send({ ch: 'likes', t: 'ping', cid: 'c4' });
    expect(await socket.next((m) => m.cid === 'c4')).toMatchObject({ t: 'echo' });
    await socket.close();
  });

  it('tracks presence per user across sockets', async () => {
    const launch = testLaunchUser();
    const a = await open('/ws/likes', signInitData(launch));
    const b = await open('/ws/messages', signInitData(launch));
    await a.close();
    expect(app.hub.isOnline(launch.id)).toBe(true);
    await b.close();
    await expect.poll(() => app.hub.isOnline(launch.id)).toBe(false);
  });

  it('closes every socket of a user on disconnectUser (a ban takes effect at once)', async () => {
    const launch = testLaunchUser();
    const socket = await open('/ws/likes', signInitData(launch));
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
    app.hub.disconnectUser(launch.id);
    expect(await closed).toBe(4003);
  });
});

describe('a socket whose initData expires', () => {
  const MAX_AGE_S = 4;
  let short: TestApp;
  beforeAll(async () => {
    short = await createTestApp({ initDataMaxAgeS: MAX_AGE_S });
  });
  afterAll(() => short.close());

  it('is closed with 4401 at auth_date + INIT_DATA_MAX_AGE_S, and that initData opens no new one', async () => {
    // Signed 2 s ago: 1 to 2 s of life left.
    const initData = signInitData(testLaunchUser(), { authDate: new Date(Date.now() - 2000) });
    const socket = await openSocket(`${short.wsUrl}/ws/likes`, initData);
    const closed = new Promise<[number, string]>((resolve) =>
      socket.ws.once('close', (code, reason) => resolve([code, reason.toString()])),
    );
    expect(await closed).toEqual([4401, 'initData expired']);
    await expect(openSocket(`${short.wsUrl}/ws/likes`, initData)).rejects.toMatchObject({ status: 401 });
  });

  it('stays open while its initData is fresh', async () => {
    const socket = await openSocket(`${short.wsUrl}/ws/likes`, signInitData(testLaunchUser()));
    socket.send({ ch: 'likes', t: 'get_stats', cid: 'fresh' });
    expect(await socket.next((m) => m.cid === 'fresh')).toMatchObject({ ch: 'likes' });
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    await socket.close();
  });
});
