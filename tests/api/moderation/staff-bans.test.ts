import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ModerationItem } from '../../../db/moderation/moderation-item.entity';
import { inTransaction } from '../../../db/events/event-bus';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { banUser } from '../../../db/users/user-ban.service';
import { User } from '../../../db/users/user.entity';
import { createActor, decide, pendingItem, REASON, submittedRegistrant, type Actor } from '../../support/moderation';
import type { Registrant } from '../../support/onboarding';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let moderator: Actor;
let admin: Actor;
const em = () => app.db.orm.em.fork();
const exec = (sql: string, params: unknown[] = []) => em().execute(sql, params);
const STAFF_ONLY_BY_ADMIN = 'Заблокировать сотрудника может только администратор';
const LAST_ADMIN = 'Нельзя заблокировать последнего администратора';

beforeAll(async () => {
  app = await createTestApp();
  await ensurePlaces(em());
  moderator = await createActor(app, 'MODERATOR');
});
beforeEach(async () => {
  // Each test starts with exactly one admin.
  await exec(`UPDATE users SET role = 'USER' WHERE role = 'ADMIN'`);
  admin = await createActor(app, 'ADMIN');
});
afterAll(() => app.close());

const isBanned = async (id: number) => (await em().findOneOrFail(User, { telegramId: id })).isBanned;
const itemStatus = async (id: number) => (await em().findOneOrFail(ModerationItem, { id })).status;

/** A user whose new profile waits for review and who meanwhile became staff. */
async function staffWithPendingProfile(role: 'MODERATOR' | 'ADMIN'): Promise<{ r: Registrant; itemId: number }> {
  const r = await submittedRegistrant(app);
  const res = await app.request
    .post('/api/admin/user/role')
    .send({ initData: admin.initData, targetTelegramId: r.launch.id, newRole: role });
  expect(res.status).toBe(200);
  return { r, itemId: (await pendingItem(app, r.launch.id, 'INITIAL')).id };
}

const rejectWithBan = (actor: Pick<Actor, 'initData'>, itemId: number) =>
  decide(app, actor, { itemId, status: 'REJECTED', reason: REASON, banUser: true });

describe('a ban through the review of a new profile follows the staff rules', () => {
  it('a moderator cannot ban a moderator: refused, the item stays pending, nobody is banned; an admin can', async () => {
    const { r, itemId } = await staffWithPendingProfile('MODERATOR');
    const res = await rejectWithBan(moderator, itemId);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(STAFF_ONLY_BY_ADMIN);
    expect(await itemStatus(itemId)).toBe('PENDING');
    expect(await isBanned(r.launch.id)).toBe(false);
    expect((await rejectWithBan(admin, itemId)).status).toBe(200);
    expect(await isBanned(r.launch.id)).toBe(true);
  });

  it('nobody bans the last admin, a moderator included; with another admin left an admin may', async () => {
    const { r, itemId } = await staffWithPendingProfile('ADMIN');
    await exec(`UPDATE users SET role = 'USER' WHERE telegram_id = ?`, [admin.id]);
    const res = await rejectWithBan(moderator, itemId);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(LAST_ADMIN);
    expect(await isBanned(r.launch.id)).toBe(false);
    await exec(`UPDATE users SET role = 'ADMIN' WHERE telegram_id = ?`, [admin.id]);
    expect((await rejectWithBan(moderator, itemId)).body.message).toBe(STAFF_ONLY_BY_ADMIN);
    expect((await rejectWithBan(admin, itemId)).status).toBe(200);
    expect(await isBanned(r.launch.id)).toBe(true);
  });

  it('two admins banning each other at once (one by rejecting the other’s new profile): exactly one is banned', async () => {
    const { r, itemId } = await staffWithPendingProfile('ADMIN');
    const results = await Promise.all([
      rejectWithBan(admin, itemId),
      app.request.patch(`/api/user/${admin.id}/account`).send({ initData: r.initData, isBanned: true, banReason: 'Взаимная блокировка' }),
    ]);
    expect(results.filter((res) => res.status === 200)).toHaveLength(1);
    expect([await isBanned(admin.id), await isBanned(r.launch.id)].filter(Boolean)).toHaveLength(1);
  });

  it('the one rule holds for the system too: the last admin is never banned', async () => {
    await expect(
      inTransaction(em(), app.bus, (tx, emit) => banUser(tx, emit, { userId: admin.id, reason: null, by: null })),
    ).rejects.toMatchObject({ message: LAST_ADMIN });
    expect(await isBanned(admin.id)).toBe(false);
  });
});
