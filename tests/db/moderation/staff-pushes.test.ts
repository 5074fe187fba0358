import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchViewOf } from '../../../db/likes/match-view';
import { ModerationItem } from '../../../db/moderation/moderation-item.entity';
import { itemDecidedPush, maySeeReportAbout, staffAmong } from '../../../db/moderation/staff-pushes';
import { User } from '../../../db/users/user.entity';
import { createMember } from '../../support/factories';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// The queries behind the live moderation pushes and the match view are the domain's: the api only sends what they return.
let db: TestDatabase;
const em = () => db.orm.em.fork();
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

async function withRole(role: 'MODERATOR' | 'ADMIN'): Promise<number> {
  const id = await createMember(em());
  const fork = em();
  (await fork.findOneOrFail(User, { telegramId: id })).role = role;
  await fork.flush();
  return id;
}

describe('the staff pushes and the match view, from db/', () => {
  it('finds the staff among connected users with their role as it is now, and who may hear of which report', async () => {
    const [member, moderator, admin] = [await createMember(em()), await withRole('MODERATOR'), await withRole('ADMIN')];
    const staff = await staffAmong(em(), [member, moderator, admin]);
    expect(staff.map((u) => u.telegramId).sort()).toEqual([moderator, admin].sort());
    const mod = { telegramId: moderator, role: 'MODERATOR' } as const;
    const adm = { telegramId: admin, role: 'ADMIN' } as const;
    expect(maySeeReportAbout(mod, { role: 'USER' }, member)).toBe(true);
    expect(maySeeReportAbout(mod, { role: 'ADMIN' }, admin)).toBe(false);
    expect(maySeeReportAbout(adm, { role: 'MODERATOR' }, moderator)).toBe(true);
    expect(maySeeReportAbout(adm, { role: 'ADMIN' }, admin)).toBe(false);
  });

  it('tells of a decided item with its reviewer and resolution time', async () => {
    const [member, moderator] = [await createMember(em()), await withRole('MODERATOR')];
    const fork = em();
    const resolvedAt = new Date('2026-11-01T10:00:00Z');
    const item = fork.create(ModerationItem, { userId: member, type: 'INITIAL', status: 'APPROVED', reviewerId: moderator, resolvedAt });
    await fork.flush();
    const push = await itemDecidedPush(em(), {
      itemId: item.id,
      userId: member,
      type: 'INITIAL',
      status: 'APPROVED',
      reason: null,
      reviewerId: moderator,
    });
    expect(push).toMatchObject({ itemId: item.id, status: 'APPROVED', resolvedAt: resolvedAt.toISOString() });
    expect(push.reviewer?.telegramId).toBe(moderator);
  });

  it("shows the peer's display name in the match view", async () => {
    const [me, peer] = [await createMember(em()), await createMember(em(), { displayName: 'Лиза' })];
    expect(await matchViewOf(em(), me, peer, 7)).toEqual({
      chatId: '7',
      userId: String(peer),
      peerName: 'Лиза',
      peerPhotoUrl: null,
      myPhotoUrl: null,
    });
  });
});
