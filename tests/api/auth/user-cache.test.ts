import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LAST_SEEN_RESOLUTION_MS } from '../../../db/users/users.service';
import { User } from '../../../db/users/user.entity';
import { callerAs } from '../../support/security/identities';
import { signInitData, testLaunchUser, tmaHeader } from '../../support/init-data';
import { createTestApp, type TestApp } from '../../support/test-app';

// Calls are answered from caches of verified initData and of users rows; these are the changes that must
// reach the very next call all the same.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
afterEach(() => vi.useRealTimers());

const em = () => app.db.orm.em.fork();
const me = (initData: string) => app.request.get('/api/profile/me').set(tmaHeader(initData));
const lastSeen = async (id: number) => (await em().findOneOrFail(User, { telegramId: id })).lastSeenAt?.getTime();

describe('a user known from earlier calls', () => {
  it('has a role change made through the admin panel at once, both ways', async () => {
    const admin = await callerAs(app, 'admin');
    const launch = testLaunchUser();
    const initData = signInitData(launch);
    expect((await me(initData)).body).toMatchObject({ role: 'USER', isModerator: false });
    const setRole = (newRole: string) =>
      app.request.post('/api/admin/user/role').send({ initData: admin.initData, targetTelegramId: launch.id, newRole });
    expect((await setRole('MODERATOR')).status).toBe(200);
    expect((await me(initData)).body).toMatchObject({ role: 'MODERATOR', isModerator: true });
    expect((await app.request.get('/api/moderation/counts').set(tmaHeader(initData))).status).not.toBe(403);
    expect((await setRole('USER')).status).toBe(200);
    expect((await app.request.get('/api/moderation/counts').set(tmaHeader(initData))).status).toBe(403);
  });

  it('has any change written through the ORM at once (here the custom photo and the role)', async () => {
    const launch = testLaunchUser();
    const initData = signInitData(launch);
    expect((await me(initData)).body).toMatchObject({ customPhotoUrl: null, isAdmin: false });
    const fork = em();
    const user = await fork.findOneOrFail(User, { telegramId: launch.id });
    user.customPhotoUrl = '/cdn/images/avatar-1/avatar';
    user.role = 'ADMIN';
    await fork.flush();
    expect((await me(initData)).body).toMatchObject({ customPhotoUrl: '/cdn/images/avatar-1/avatar', isAdmin: true });
  });

  it('is refused at once when another process bans them (an event heard through the relay)', async () => {
    const launch = testLaunchUser();
    const initData = signInitData(launch);
    expect((await app.request.get('/api/chat/me').set(tmaHeader(initData))).status).toBe(200);
    // The other process wrote the row and published the event; this one only hears it.
    await em().execute('UPDATE users SET is_banned = true, ban_reason = ? WHERE telegram_id = ?', ['Спам', launch.id]);
    app.bus.deliverRemote({ name: 'user.banned', payload: { userId: launch.id, reason: 'Спам', byId: null } });
    const refused = await app.request.get('/api/chat/me').set(tmaHeader(initData));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'BANNED', banReason: 'Спам' });
  });

  it('starts afresh after deleting the account: the next launch creates a new row', async () => {
    const admin = await callerAs(app, 'admin');
    const launch = testLaunchUser();
    const initData = signInitData(launch);
    await me(initData);
    await app.request.post('/api/admin/user/role').send({ initData: admin.initData, targetTelegramId: launch.id, newRole: 'MODERATOR' });
    expect((await me(initData)).body.isModerator).toBe(true);
    expect((await app.request.post('/api/privacy/delete-account').send({ initData, confirm: true })).status).toBe(200);
    expect(await em().count(User, { telegramId: launch.id })).toBe(0);
    expect((await me(initData)).body).toMatchObject({ telegramId: launch.id, role: 'USER', isModerator: false });
    expect(await em().count(User, { telegramId: launch.id })).toBe(1);
  });

  it('gets a new Telegram name written on the launch that carries it', async () => {
    const launch = testLaunchUser({ first_name: 'Старое' });
    await me(signInitData(launch));
    expect((await me(signInitData({ ...launch, first_name: 'Новое' }))).body.firstName).toBe('Новое');
    expect((await em().findOneOrFail(User, { telegramId: launch.id })).firstName).toBe('Новое');
  });

  it('has the last-seen time written at most once a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    const launch = testLaunchUser();
    const initData = signInitData(launch);
    await me(initData);
    const first = await lastSeen(launch.id);
    expect(first).toBe(Date.now());
    vi.setSystemTime(Date.now() + LAST_SEEN_RESOLUTION_MS - 1000);
    await me(initData);
    expect(await lastSeen(launch.id)).toBe(first);
    vi.setSystemTime(Date.now() + 2000);
    await me(initData);
    expect(await lastSeen(launch.id)).toBe(Date.now());
  });
});

describe('initData verified once', () => {
  it('is refused when it expires, though it passed a moment before', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    const initData = signInitData(testLaunchUser(), { authDate: new Date(Date.now() - 86_400_000 + 5000) });
    expect((await me(initData)).status).toBe(200);
    vi.setSystemTime(Date.now() + 10_000);
    const expired = await me(initData);
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Данные сессии устарели. Перезагрузите WebApp.');
  });
});
