import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDetailsSchema } from '../../../contracts/admin';
import { createMember } from '../../support/factories';
import { createActor, type Actor } from '../../support/moderation';
import { createTestApp, type TestApp } from '../../support/test-app';
import { tmaHeader } from '../../support/init-data';

let app: TestApp;
let moderator: Actor;
let admin: Actor;
let member: number;
const exec = (sql: string, params: unknown[] = []) => app.db.orm.em.fork().execute(sql, params);
const details = (actor: Actor, id: number | string) => app.request.get(`/api/user/${id}/details`).set(tmaHeader(actor.initData));

beforeAll(async () => {
  app = await createTestApp();
  [moderator, admin] = await Promise.all([createActor(app, 'MODERATOR'), createActor(app, 'ADMIN')]);
  member = await createMember(app.db.orm.em.fork(), { displayName: 'Варя', city: 'Казань', age: 16 });
  await exec(
    `INSERT INTO images (id, owner_telegram_id, kind, mime, width, height, bytes, created_at) VALUES (?, ?, 'profile', 'image/webp', 1, 1, 1, now())`,
    ['c'.repeat(24), member],
  );
  await exec(`INSERT INTO photos (owner_telegram_id, image_id, position, status, created_at) VALUES (?, ?, 0, 'APPROVED', now())`, [
    member,
    'c'.repeat(24),
  ]);
  await exec(
    `INSERT INTO moderation_items (user_id, type, status, payload, reason, reviewer_id, created_at, resolved_at)
     VALUES (?, 'INITIAL', 'REJECTED', '{}', 'Фото не подходит, загрузите другое', ?, now() - interval '2 hours', now() - interval '1 hour')`,
    [member, moderator.id],
  );
});
afterAll(() => app.close());

describe('GET /api/user/{id}/details', () => {
  it('shows the account, the profile with photos, and the first review with its reviewer', async () => {
    const res = await details(moderator, member);
    expect(res.status).toBe(200);
    const body = userDetailsSchema.parse(res.body);
    expect(body.user).toMatchObject({
      telegramId: member,
      role: 'USER',
      isBanned: false,
      isModerator: false,
      isAdmin: false,
      username: `u${member}`,
    });
    expect(body.profile).toMatchObject({
      displayName: 'Варя',
      city: 'Казань',
      age: 16,
      gender: 'QUEER',
      photos: [{ url: `/cdn/images/${'c'.repeat(24)}/profile`, position: 0, status: 'APPROVED' }],
    });
    expect(body.profile).not.toHaveProperty('wandSizeCm');
    expect(body.initialReview).toMatchObject({
      status: 'REJECTED',
      reason: 'Фото не подходит, загрузите другое',
      reviewer: { telegramId: moderator.id, label: `@${moderator.username}` },
    });
  });

  it('lets admins edit and moderators only read', async () => {
    expect((await details(moderator, member)).body.canEdit).toBe(false);
    expect((await details(admin, member)).body.canEdit).toBe(true);
  });

  it('lists the user’s audit entries newest first with their labels', async () => {
    const avatar = `/cdn/images/${'f'.repeat(24)}/avatar`;
    await app.db.orm.em
      .fork()
      .execute(
        `INSERT INTO images (id, owner_telegram_id, kind, mime, width, height, bytes, created_at) VALUES (?, ?, 'avatar', 'image/webp', 1, 1, 1, now())`,
        ['f'.repeat(24), admin.id],
      );
    await app.request.patch(`/api/user/${member}/account`).send({ initData: admin.initData, customPhotoUrl: avatar });
    await app.request.post('/api/admin/user/role').send({ initData: admin.initData, targetTelegramId: member, newRole: 'MODERATOR' });
    const { history } = userDetailsSchema.parse((await details(admin, member)).body);
    expect(history.map((h) => [h.action, h.label])).toEqual([
      ['user.role', 'Изменена роль'],
      ['user.account', 'Изменён аккаунт'],
    ]);
    expect(history[0]).toMatchObject({ actorId: admin.id, details: { before: 'USER', after: 'MODERATOR' } });
    expect(history[1]!.details).toEqual({ before: { customPhotoUrl: null }, after: { customPhotoUrl: avatar } });
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const missing = await details(admin, 123);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ ok: false, error: 'NOT_FOUND', message: 'Пользователь не найден' });
    for (const id of ['abc', '-5', '1.5', '99999999999999999999']) {
      const res = await details(admin, id);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Пользователь не найден');
    }
  });

  it('shows a user without a profile with profile null', async () => {
    const bare = await createActor(app, 'USER');
    const body = userDetailsSchema.parse((await details(admin, bare.id)).body);
    expect(body.profile).toBeNull();
    expect(body.initialReview).toBeNull();
  });
});
