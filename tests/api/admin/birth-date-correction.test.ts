import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PROFILE_MESSAGES } from '../../../contracts/admin';
import { birthDateForAge, createMember } from '../../support/factories';
import { tmaHeader } from '../../support/init-data';
import { createActor, type Actor } from '../../support/moderation';
import { createTestApp, type TestApp } from '../../support/test-app';

// AMENDMENTS §1.4: moderators and admins may correct a birth date; everything else stays with admins.
let app: TestApp;
let moderator: Actor;
let admin: Actor;
let plain: Actor;
let member: number;
const exec = (sql: string, params: unknown[] = []) => app.db.orm.em.fork().execute(sql, params);
const birthDateOf = async (id: number) =>
  String((await exec('SELECT birth_date::text AS d FROM profiles WHERE user_telegram_id = ?', [id]))[0]!.d);
const correct = (actor: Actor, id: number, body: Record<string, unknown>) =>
  app.request.patch(`/api/user/${id}/birth-date`).set(tmaHeader(actor.initData)).send(body);
const audits = (id: number) =>
  exec(`SELECT actor_id, details FROM audit_log WHERE action = 'user.profile' AND target_id = ? ORDER BY id`, [String(id)]);
const details = (actor: Actor, id: number) => app.request.get(`/api/user/${id}/details`).set(tmaHeader(actor.initData));

beforeAll(async () => {
  app = await createTestApp();
  [moderator, admin, plain] = await Promise.all([createActor(app, 'MODERATOR'), createActor(app, 'ADMIN'), createActor(app, 'USER')]);
  member = await createMember(app.db.orm.em.fork(), { displayName: 'Варя', age: 16 });
});
afterAll(() => app.close());

describe('PATCH /api/user/{id}/birth-date', () => {
  it('lets a moderator correct a birth date, with the audit entry of before and after', async () => {
    const before = await birthDateOf(member);
    const birthDate = birthDateForAge(14);
    const res = await correct(moderator, member, { birthDate });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await birthDateOf(member)).toBe(birthDate);
    const [entry] = await audits(member);
    expect(entry!.actor_id).toBe(String(moderator.id));
    expect(entry!.details).toEqual({ before: { birthDate: before }, after: { birthDate } });
  });

  it('lets an admin correct it too', async () => {
    const birthDate = birthDateForAge(15);
    expect((await correct(admin, member, { birthDate })).status).toBe(200);
    expect(await birthDateOf(member)).toBe(birthDate);
  });

  it('refuses an ordinary user and changes nothing', async () => {
    const before = await birthDateOf(member);
    const res = await correct(plain, member, { birthDate: birthDateForAge(17) });
    expect(res.status).toBe(403);
    expect(await birthDateOf(member)).toBe(before);
  });

  it("refuses a moderator on a staff member's birth date, their own included", async () => {
    const staff = await createMember(app.db.orm.em.fork(), { displayName: 'Лена', age: 17 });
    await exec(`UPDATE users SET role = 'MODERATOR' WHERE telegram_id = ?`, [staff]);
    const before = await birthDateOf(staff);
    expect((await correct(moderator, staff, { birthDate: birthDateForAge(13) })).status).toBe(403);
    expect(await birthDateOf(staff)).toBe(before);
    expect((await correct(admin, staff, { birthDate: birthDateForAge(13) })).status).toBe(200);
  });

  it('refuses a date outside 13–19 or not a date with the field message, and an unknown user with 404', async () => {
    const before = await birthDateOf(member);
    for (const birthDate of [birthDateForAge(25), '2010-02-30', 'вчера', undefined]) {
      const res = await correct(moderator, member, birthDate === undefined ? {} : { birthDate });
      expect(res.status, String(birthDate)).toBe(400);
      expect(res.body.message).toBe(ADMIN_PROFILE_MESSAGES.birthDate);
    }
    expect(await birthDateOf(member)).toBe(before);
    expect((await correct(moderator, 999_999_991, { birthDate: birthDateForAge(15) })).status).toBe(404);
  });

  it('keeps every other profile and account edit from moderators', async () => {
    const profile = await app.request
      .patch(`/api/user/${member}/profile`)
      .set(tmaHeader(moderator.initData))
      .send({ birthDate: birthDateForAge(16) });
    expect(profile.status).toBe(403);
    const account = await app.request.patch(`/api/user/${member}/account`).set(tmaHeader(moderator.initData)).send({ lastName: 'Иванова' });
    expect(account.status).toBe(403);
  });

  it('tells the user detail who may correct the birth date', async () => {
    expect((await details(moderator, member)).body).toMatchObject({ canEdit: false, canEditBirthDate: true });
    expect((await details(admin, member)).body).toMatchObject({ canEdit: true, canEditBirthDate: true });
    expect((await details(moderator, moderator.id)).body).toMatchObject({ canEditBirthDate: false });
  });
});
