import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../support/factories';
import { initDataFor, socketAs } from '../../support/sockets';
import { createActor, type Actor } from '../../support/moderation';
import { createTestApp, type TestApp } from '../../support/test-app';
import { tmaHeader } from '../../support/init-data';

let app: TestApp;
let admin: Actor;
const em = () => app.db.orm.em.fork();
const exec = (sql: string, params: unknown[] = []) => em().execute(sql, params);
const userRow = async (id: number) => (await exec('SELECT * FROM users WHERE telegram_id = ?', [id]))[0]!;
const patch = (id: number, body: Record<string, unknown>, actor = admin) =>
  app.request.patch(`/api/user/${id}/account`).send({ initData: actor.initData, ...body });
const audits = async (id: number) => exec(`SELECT action, actor_id, details FROM audit_log WHERE target_id = ? ORDER BY id`, [String(id)]);

beforeAll(async () => {
  app = await createTestApp();
  admin = await createActor(app, 'ADMIN');
});
afterAll(() => app.close());

describe('PATCH /api/user/{id}/account', () => {
  it("refuses to change Telegram's fields (username, first and last name), saying why; nothing changes, nothing is audited", async () => {
    const id = await createMember(em());
    const before = await userRow(id);
    for (const body of [{ username: 'new_name' }, { firstName: 'Маша' }, { lastName: '' }, { username: `u${id}` }]) {
      const res = await patch(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({
        ok: false,
        error: 'BAD_REQUEST',
        message: 'Эти поля приходят из Telegram и обновляются при каждом запуске',
        field: Object.keys(body)[0],
      });
    }
    expect(await userRow(id)).toEqual(before);
    expect(await audits(id)).toEqual([]);
  });

  it('refuses bad values with 400 and changes nothing', async () => {
    const id = await createMember(em());
    const before = await userRow(id);
    for (const body of [
      { isBanned: 'yes' },
      { customPhotoUrl: 'https://evil.example/a.png' },
      { customPhotoUrl: `/cdn/images/${'d'.repeat(24)}/avatar` },
    ]) {
      const res = await patch(id, { banReason: 'Не сохранится, потому что запрос отклонён целиком', ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ ok: false, error: 'BAD_REQUEST', message: expect.any(String) });
    }
    expect(await userRow(id)).toEqual(before);
    expect(await audits(id)).toEqual([]);
  });

  it('sets a custom photo the admin uploaded as an avatar, and it becomes the user’s', async () => {
    const id = await createMember(em());
    const imageId = 'e'.repeat(24);
    await exec(
      `INSERT INTO images (id, owner_telegram_id, kind, mime, width, height, bytes, created_at) VALUES (?, ?, 'avatar', 'image/webp', 1, 1, 1, now())`,
      [imageId, admin.id],
    );
    expect((await patch(id, { customPhotoUrl: `/cdn/images/${imageId}/avatar` })).status).toBe(200);
    expect((await userRow(id)).custom_photo_url).toBe(`/cdn/images/${imageId}/avatar`);
    expect((await exec('SELECT owner_telegram_id FROM images WHERE id = ?', [imageId]))[0]!.owner_telegram_id).toBe(String(id));
    expect((await patch(id, { customPhotoUrl: null })).status).toBe(200);
    expect((await userRow(id)).custom_photo_url).toBeNull();
    expect(await exec('SELECT 1 FROM images WHERE id = ?', [imageId])).toHaveLength(0);
  });

  it('refuses to ban oneself', async () => {
    const res = await patch(admin.id, { isBanned: true, banReason: 'Проверка блокировки самого себя' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ ok: false, error: 'CONFLICT', message: 'Нельзя заблокировать себя' });
    expect((await userRow(admin.id)).is_banned).toBe(false);
  });
});

describe('ban and unban through PATCH account', () => {
  it('a ban closes an open socket within a second and locks the API; unban restores access', async () => {
    const id = await createMember(em());
    const socket = await socketAs(app, id);
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
    const started = Date.now();
    expect((await patch(id, { isBanned: true, banReason: 'Спам и флуд в сообщениях' })).status).toBe(200);
    expect(await closed).toBe(4003);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await userRow(id)).toMatchObject({ is_banned: true, ban_reason: 'Спам и флуд в сообщениях' });

    const locked = await app.request.get('/api/likes/unread-count').set(tmaHeader(initDataFor(id)));
    expect(locked.status).toBe(403);
    expect(locked.body).toMatchObject({ error: 'BANNED', message: 'Доступ ограничен', banReason: 'Спам и флуд в сообщениях' });
    await expect(socketAs(app, id)).rejects.toMatchObject({ status: 403 });

    expect((await patch(id, { banReason: 'Спам и флуд, повторные нарушения' })).status).toBe(200);
    expect((await userRow(id)).ban_reason).toBe('Спам и флуд, повторные нарушения');

    expect((await patch(id, { isBanned: false })).status).toBe(200);
    expect(await userRow(id)).toMatchObject({ is_banned: false, ban_reason: null, banned_at: null });
    expect((await app.request.get('/api/likes/unread-count').set(tmaHeader(initDataFor(id)))).status).toBe(200);
    const reopened = await socketAs(app, id);
    await reopened.close();
    expect((await audits(id)).map((a) => a.action)).toEqual(['user.ban', 'user.account', 'user.unban']);
  });
});
