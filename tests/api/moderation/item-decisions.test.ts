import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog } from '../../../db/audit/audit-log.entity';
import { sqlOf } from '../../../db/kysely';
import { isVisibleProfile } from '../../../db/matching/meet-facts';
import { ModerationItem } from '../../../db/moderation/moderation-item.entity';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { Photo } from '../../../db/profiles/photo.entity';
import { User } from '../../../db/users/user.entity';
import { uploadPhotos } from '../../support/images';
import { createActor, decide, pendingItem, REASON, onboardingStatus, submittedRegistrant, type Actor } from '../../support/moderation';
import { validDetails, type Registrant } from '../../support/onboarding';
import { socketAs } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';
import { tmaHeader } from '../../support/init-data';

let app: TestApp;
let moderator: Actor;
let admin: Actor;
const em = () => app.db.orm.em.fork();

beforeAll(async () => {
  app = await createTestApp();
  await ensurePlaces(em());
  moderator = await createActor(app, 'MODERATOR');
  admin = await createActor(app, 'ADMIN');
});
afterAll(() => app.close());

async function approved(r: Registrant, type: 'INITIAL' | 'PROFILE_DESCRIPTION') {
  const item = await pendingItem(app, r.launch.id, type);
  expect((await decide(app, moderator, { itemId: item.id, status: 'APPROVED' })).status).toBe(200);
}

/** A fully approved member (both stages through the moderation calls). */
async function visibleMember(): Promise<Registrant> {
  const r = await submittedRegistrant(app);
  await approved(r, 'INITIAL');
  await app.request.post('/api/profile/submit-details').send(validDetails(r));
  await approved(r, 'PROFILE_DESCRIPTION');
  return r;
}

const isVisible = async (userId: number) =>
  (await sqlOf(em())
    .selectFrom('profiles as p')
    .select('p.user_telegram_id')
    .where((eb) => isVisibleProfile(eb))
    .where('p.user_telegram_id', '=', userId)
    .executeTakeFirst()) !== undefined;

describe('INITIAL', () => {
  it('approved: the user moves to the description stage, the photos are approved, the audit names the moderator', async () => {
    const r = await submittedRegistrant(app);
    const item = await pendingItem(app, r.launch.id, 'INITIAL');
    const res = await decide(app, moderator, { itemId: item.id, status: 'APPROVED' });
    expect(res.body).toMatchObject({ ok: true, status: 'APPROVED' });
    expect(await onboardingStatus(app, r.initData)).toMatchObject({ status: 'NEED_DESCRIPTION', reason: null });
    expect(await em().count(Photo, { owner: r.launch.id, status: 'APPROVED' })).toBe(3);
    const decided = await em().findOneOrFail(ModerationItem, { id: item.id });
    expect(decided).toMatchObject({ status: 'APPROVED', reviewerId: moderator.id });
    expect(decided.resolvedAt).toBeInstanceOf(Date);
    const audit = await em().findOneOrFail(AuditLog, { action: 'moderation.approved', targetId: String(r.launch.id) });
    expect(audit).toMatchObject({ actorId: moderator.id, details: { itemId: item.id, type: 'INITIAL' } });
  });

  it('rejected: the user redoes onboarding (BASE_DISCREPANT) and sees the reason', async () => {
    const r = await submittedRegistrant(app);
    const item = await pendingItem(app, r.launch.id, 'INITIAL');
    expect((await decide(app, admin, { itemId: item.id, status: 'REJECTED', reason: `  ${REASON}  ` })).status).toBe(200);
    expect(await onboardingStatus(app, r.initData)).toEqual({
      ok: true,
      status: 'BASE_DISCREPANT',
      reason: REASON,
      sexMissing: false,
      gender: 'BISEXUAL',
    });
  });

  it('discrepant: the chosen fields prefix the reason in brackets', async () => {
    const r = await submittedRegistrant(app);
    const item = await pendingItem(app, r.launch.id, 'INITIAL');
    const res = await decide(app, moderator, { itemId: item.id, status: 'DISCREPANT', reason: REASON, fields: ['displayName', 'photos'] });
    expect(res.body.reason).toBe(`[Имя, Фото] ${REASON}`);
    expect(await onboardingStatus(app, r.initData)).toMatchObject({ status: 'BASE_DISCREPANT', reason: `[Имя, Фото] ${REASON}` });
  });

  it('rejected with a ban: the user is banned at once, their socket closes and the next call meets the blocked screen', async () => {
    const r = await submittedRegistrant(app);
    const socket = await socketAs(app, r.launch.id);
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
    const item = await pendingItem(app, r.launch.id, 'INITIAL');
    expect((await decide(app, moderator, { itemId: item.id, status: 'REJECTED', reason: REASON, banUser: true })).status).toBe(200);
    expect(await closed).toBe(4003);
    const user = await em().findOneOrFail(User, { telegramId: r.launch.id });
    expect(user).toMatchObject({ isBanned: true, banReason: REASON });
    const next = await app.request.post('/api/profile/status').send({ initData: r.initData });
    expect(next.status).toBe(403);
    expect(next.body).toMatchObject({ error: 'BANNED', banReason: REASON });
    expect(await em().count(AuditLog, { action: 'user.ban', actorId: moderator.id, targetId: String(r.launch.id) })).toBe(1);
  });
});

describe('PROFILE_DESCRIPTION', () => {
  it('approved: the profile becomes visible in explore', async () => {
    const r = await submittedRegistrant(app);
    await approved(r, 'INITIAL');
    await app.request.post('/api/profile/submit-details').send(validDetails(r));
    expect(await isVisible(r.launch.id)).toBe(false);
    await approved(r, 'PROFILE_DESCRIPTION');
    expect(await isVisible(r.launch.id)).toBe(true);
    expect((await onboardingStatus(app, r.initData)).status).toBe('APPROVED');
  });

  it('discrepant: back to the description with the reason, still not visible', async () => {
    const r = await submittedRegistrant(app);
    await approved(r, 'INITIAL');
    await app.request.post('/api/profile/submit-details').send(validDetails(r));
    const item = await pendingItem(app, r.launch.id, 'PROFILE_DESCRIPTION');
    await decide(app, moderator, { itemId: item.id, status: 'DISCREPANT', reason: REASON, fields: ['bio'] });
    expect(await onboardingStatus(app, r.initData)).toMatchObject({ status: 'NEED_DESCRIPTION', reason: `[Описание] ${REASON}` });
    expect(await isVisible(r.launch.id)).toBe(false);
  });
});

describe('PROFILE_EDIT and PHOTOS', () => {
  const myProfile = async (r: Registrant) => (await app.request.get('/api/profile/my').set(tmaHeader(r.initData))).body;

  it('approved edit: the queued fields are applied', async () => {
    const r = await visibleMember();
    await app.request
      .patch('/api/profile/my')
      .send({ initData: r.initData, displayName: 'Марина', bio: 'Новое описание анкеты для проверки' });
    expect((await myProfile(r)).displayName).toBe('Аня');
    const item = await pendingItem(app, r.launch.id, 'PROFILE_EDIT');
    await decide(app, moderator, { itemId: item.id, status: 'APPROVED' });
    expect(await myProfile(r)).toMatchObject({
      displayName: 'Марина',
      bio: 'Новое описание анкеты для проверки',
      pending: { edit: false },
    });
  });

  it('rejected edit: nothing changes; a partial reject is not offered for edits', async () => {
    const r = await visibleMember();
    await app.request.patch('/api/profile/my').send({ initData: r.initData, displayName: 'Марина' });
    const item = await pendingItem(app, r.launch.id, 'PROFILE_EDIT');
    const partial = await decide(app, moderator, { itemId: item.id, status: 'DISCREPANT', reason: REASON });
    expect(partial.status).toBe(400);
    expect(partial.body.message).toBe('Для изменений доступны только одобрение и отклонение');
    expect((await decide(app, moderator, { itemId: item.id, status: 'REJECTED', reason: REASON })).status).toBe(200);
    expect((await myProfile(r)).displayName).toBe('Аня');
  });

  it('approved photos: the new photos replace the old ones, in order', async () => {
    const r = await visibleMember();
    const fresh = await uploadPhotos(app, r.initData, 2);
    await app.request.patch('/api/profile/my').send({ initData: r.initData, photos: fresh });
    const item = await pendingItem(app, r.launch.id, 'PHOTOS');
    await decide(app, moderator, { itemId: item.id, status: 'APPROVED' });
    const photos = (await myProfile(r)).photos as string[];
    expect(photos).toEqual(fresh.map((url) => expect.stringContaining(url.split('/')[3]!)));
  });

  it('banUser is only for a rejected new profile', async () => {
    const r = await visibleMember();
    await app.request.patch('/api/profile/my').send({ initData: r.initData, displayName: 'Марина' });
    const item = await pendingItem(app, r.launch.id, 'PROFILE_EDIT');
    const res = await decide(app, moderator, { itemId: item.id, status: 'REJECTED', reason: REASON, banUser: true });
    expect(res.status).toBe(400);
    expect((await em().findOneOrFail(User, { telegramId: r.launch.id })).isBanned).toBe(false);
  });
});

describe('reason bounds and first decision wins', () => {
  it('needs 20 to 500 characters after trimming', async () => {
    const r = await submittedRegistrant(app);
    const item = await pendingItem(app, r.launch.id, 'INITIAL');
    for (const reason of ['x'.repeat(19), `   ${'x'.repeat(19)}   `, 'x'.repeat(501), undefined]) {
      const res = await decide(app, moderator, { itemId: item.id, status: 'REJECTED', reason });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Причина: от 20 до 500 символов');
    }
    expect((await decide(app, moderator, { itemId: item.id, status: 'REJECTED', reason: 'x'.repeat(20) })).status).toBe(200);
  });

  it('refuses a second decision naming who decided and when', async () => {
    const r = await submittedRegistrant(app);
    const item = await pendingItem(app, r.launch.id, 'INITIAL');
    await decide(app, moderator, { itemId: item.id, status: 'APPROVED' });
    const second = await decide(app, admin, { itemId: item.id, status: 'REJECTED', reason: REASON });
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(
      new RegExp(`^Уже рассмотрено: Одобрено — @${moderator.username}, \\d{2}\\.\\d{2}\\.\\d{4}, \\d{2}:\\d{2} МСК$`),
    );
    expect(second.body).toMatchObject({ decision: 'APPROVED', decidedBy: `@${moderator.username}` });
    expect((await onboardingStatus(app, r.initData)).status).toBe('NEED_DESCRIPTION');
  });

  it('of two simultaneous decisions exactly one applies', async () => {
    const r = await submittedRegistrant(app);
    const item = await pendingItem(app, r.launch.id, 'INITIAL');
    const results = await Promise.all([
      decide(app, moderator, { itemId: item.id, status: 'APPROVED' }),
      decide(app, admin, { itemId: item.id, status: 'REJECTED', reason: REASON }),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(await em().count(AuditLog, { action: { $like: 'moderation.%' }, targetId: String(r.launch.id) })).toBe(1);
  });

  it('a moderator cannot decide their own item', async () => {
    const r = await submittedRegistrant(app);
    // Promoted the way the product does it (the admin panel), so the role holds from the next call on.
    expect(
      (
        await app.request
          .post('/api/admin/user/role')
          .send({ initData: admin.initData, targetTelegramId: r.launch.id, newRole: 'MODERATOR' })
      ).status,
    ).toBe(200);
    const item = await pendingItem(app, r.launch.id, 'INITIAL');
    const res = await decide(app, r, { itemId: item.id, status: 'APPROVED' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Нельзя модерировать собственную анкету');
  });
});
