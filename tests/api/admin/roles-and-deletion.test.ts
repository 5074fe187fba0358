import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROLE_TEXTS, UNBANNED_TEXT } from '../../../bot/notifications/account-changes';
import { createMember } from '../../support/factories';
import { createActor, type Actor } from '../../support/moderation';
import { socketAs } from '../../support/sockets';
import type { TestApp } from '../../support/test-app';
import { startAppAndBot, TEST_PUBLIC_URL, type AppAndBot, type TestBot } from '../../support/test-bot';

let t: AppAndBot;
let app: TestApp;
let bot: TestBot;
let admin: Actor;
const em = () => app.db.orm.em.fork();
const exec = (sql: string, params: unknown[] = []) => em().execute(sql, params);
const roleOf = async (id: number) => (await exec('SELECT role FROM users WHERE telegram_id = ?', [id]))[0]?.role;
const setRole = (actor: Actor, targetTelegramId: number, newRole: string) =>
  app.request.post('/api/admin/user/role').send({ initData: actor.initData, targetTelegramId, newRole });
const remove = (actor: Actor, targetTelegramId: unknown, reason: unknown = null) =>
  app.request.post('/api/admin/user/delete').send({ initData: actor.initData, targetTelegramId, reason });
const LAST_ADMIN = { ok: false, error: 'CONFLICT', message: 'Нельзя снять роль или удалить последнего администратора' };

beforeAll(async () => {
  t = await startAppAndBot();
  ({ app, bot } = t);
});
beforeEach(async () => {
  // Each test starts with exactly one admin.
  await exec(`UPDATE users SET role = 'USER' WHERE role = 'ADMIN'`);
  admin = await createActor(app, 'ADMIN');
});
afterAll(() => t?.stop());

describe('POST /api/admin/user/role', () => {
  it('changes the role, audits it, and the bot tells the user neutrally', async () => {
    const id = await createMember(em());
    const res = await setRole(admin, id, 'MODERATOR');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await roleOf(id)).toBe('MODERATOR');
    const told = await bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === id);
    expect(told.params.text).toBe(ROLE_TEXTS.MODERATOR.text);
    expect(JSON.stringify(told.params.reply_markup)).toContain(`${TEST_PUBLIC_URL}/moderation`);
    expect(String(told.params.text)).not.toMatch(/ЛГБТ|LGBT|гей|лесби|квир|ориентац/i);
    const [entry] = await exec(`SELECT actor_id, details FROM audit_log WHERE action = 'user.role' AND target_id = ?`, [String(id)]);
    expect(entry).toEqual({ actor_id: String(admin.id), details: { before: 'USER', after: 'MODERATOR' } });
  });

  it('refuses a bad role or id with 400 and an unknown user with 404', async () => {
    expect((await setRole(admin, 1, 'OWNER')).status).toBe(400);
    expect(
      (await app.request.post('/api/admin/user/role').send({ initData: admin.initData, targetTelegramId: 'abc', newRole: 'USER' })).status,
    ).toBe(400);
    const unknown = await setRole(admin, 123, 'USER');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Пользователь не найден');
  });

  it('refuses to demote the last admin who is not banned (a banned admin does not count)', async () => {
    await createActor(app, 'ADMIN', { banned: true });
    expect((await setRole(admin, admin.id, 'USER')).body).toEqual(LAST_ADMIN);
    expect(await roleOf(admin.id)).toBe('ADMIN');
  });

  it('of two admins demoting each other at once, exactly one succeeds', async () => {
    const other = await createActor(app, 'ADMIN');
    const results = await Promise.all([setRole(admin, other.id, 'USER'), setRole(other, admin.id, 'USER')]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    // The other is refused: last admin (409), or no longer an admin when its request arrived (403).
    expect([403, 409]).toContain(results.find((r) => r.status !== 200)!.status);
    expect([await roleOf(admin.id), await roleOf(other.id)].filter((r) => r === 'ADMIN')).toHaveLength(1);
  });
});

describe('POST /api/admin/user/delete', () => {
  it('deletes the account like the user’s own deletion, closes its sockets and audits who and why', async () => {
    const id = await createMember(em());
    const socket = await socketAs(app, id);
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
    const res = await remove(admin, id, 'Просьба пользователя');
    expect(res.status).toBe(200);
    expect(await closed).toBe(4001);
    expect(await exec('SELECT 1 FROM users WHERE telegram_id = ?', [id])).toHaveLength(0);
    expect(await exec('SELECT 1 FROM profiles WHERE user_telegram_id = ?', [id])).toHaveLength(0);
    const [entry] = await exec(`SELECT actor_id, details FROM audit_log WHERE action = 'user.delete' AND target_id = ?`, [String(id)]);
    expect(entry).toEqual({ actor_id: String(admin.id), details: { reason: 'Просьба пользователя' } });
  });

  it('refuses to delete the last admin, and answers 404 / 400 for an unknown or malformed id', async () => {
    expect((await remove(admin, admin.id)).body).toEqual(LAST_ADMIN);
    expect(await roleOf(admin.id)).toBe('ADMIN');
    expect((await remove(admin, 123)).status).toBe(404);
    expect((await remove(admin, 'abc')).status).toBe(400);
    expect((await remove(admin, 5, 'я'.repeat(501))).status).toBe(400);
  });
});

describe('unban notice', () => {
  it('the bot tells the user their access is back', async () => {
    const id = await createMember(em(), { banned: true });
    const res = await app.request.patch(`/api/user/${id}/account`).send({ initData: admin.initData, isBanned: false });
    expect(res.status).toBe(200);
    const told = await bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === id);
    expect(told.params.text).toBe(UNBANNED_TEXT);
  });
});
