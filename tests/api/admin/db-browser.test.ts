import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbBrowseSchema, dbOverviewSchema } from '../../../contracts/admin';
import { saveNotificationSettings } from '../../../db/privacy/notification-settings';
import { createMember } from '../../support/factories';
import { createActor, type Actor } from '../../support/moderation';
import { createTestApp, type TestApp } from '../../support/test-app';
import { tmaHeader } from '../../support/init-data';

let app: TestApp;
let admin: Actor;
let member: number;
const em = () => app.db.orm.em.fork();
const exec = (sql: string, params: unknown[] = []) => em().execute(sql, params);

beforeAll(async () => {
  app = await createTestApp();
  admin = await createActor(app, 'ADMIN');
  member = await createMember(em(), { displayName: 'Лиза' });
  await saveNotificationSettings(em(), member, { likes: false });
});
afterAll(() => app.close());

const post = (path: string, body: Record<string, unknown>) => app.request.post(path).send({ initData: admin.initData, ...body });
const update = (model: string, where: Record<string, unknown>, data: Record<string, unknown>) =>
  post('/api/admin-db/update', { model, where, data });
const profileRow = async () => (await exec('SELECT * FROM profiles WHERE user_telegram_id = ?', [member]))[0]!;
const auditCount = async () => Number((await exec(`SELECT count(*) AS n FROM audit_log WHERE action = 'db.update'`))[0]!.n);

/** A bad update: 400 with the message, the row unchanged and no audit entry. */
async function refused(request: ReturnType<typeof update>, message: string) {
  const [before, audits] = [await profileRow(), await auditCount()];
  const res = await request;
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toEqual({ ok: false, error: 'BAD_REQUEST', message });
  expect(await profileRow()).toEqual(before);
  expect(await auditCount()).toBe(audits);
}

describe('overview and browse', () => {
  it('lists the allowlisted tables with their counts, Profile first', async () => {
    const { overview } = dbOverviewSchema.parse((await app.request.get('/api/admin-db/overview').set(tmaHeader(admin.initData))).body);
    expect(overview[0]).toEqual({ model: 'Profile', count: 1 });
    expect(overview.find((t) => t.model === 'User')?.count).toBe(2);
    expect(overview.map((t) => t.model)).toEqual(
      expect.arrayContaining(['Photo', 'Like', 'Message', 'Report', 'ModerationItem', 'AuditLog', 'UserSettings']),
    );
    expect(overview.map((t) => t.model)).not.toContain('Image');
  });

  it('pages rows with the columns from the ORM metadata; primary keys and the not allowlisted are read-only', async () => {
    const res = await post('/api/admin-db/browse', { model: 'Profile', page: 1, limit: 25 });
    const page = dbBrowseSchema.parse(res.body);
    expect(page.pagination).toEqual({ page: 1, limit: 25, total: 1, pages: 1 });
    expect(page.schema.entity).toBe('Profile');
    const col = (name: string) => page.schema.columns.find((c) => c.name === name);
    expect(col('user')).toMatchObject({ type: 'number', primary: true, editable: false, nullable: false });
    expect(col('displayName')).toMatchObject({ type: 'string', editable: true });
    expect(col('birthDate')).toMatchObject({ type: 'date', editable: true });
    expect(col('bio')).toMatchObject({ type: 'text', nullable: true });
    expect(col('gender')).toMatchObject({ type: 'enum', enumValues: expect.arrayContaining(['QUEER', 'LESBIAN']) });
    expect(col('createdAt')).toMatchObject({ type: 'datetime', editable: false });
    expect(col('lookingFor')).toMatchObject({ type: 'json', editable: false });
    expect(col('wandSizeCm')).toBeUndefined();
    expect(page.data[0]).toMatchObject({ user: member, displayName: 'Лиза', birthDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it('refuses a table outside the allowlist', async () => {
    for (const model of ['Image', 'users', 'NotificationMark', 'Nope']) {
      const res = await post('/api/admin-db/browse', { model });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ ok: false, error: 'BAD_REQUEST', message: 'Таблица недоступна' });
    }
  });
});

describe('update: allowlist and primary key', () => {
  it('refuses an unknown table, a column outside the allowlist and a primary key', async () => {
    await refused(update('Image', { id: 'x' }, { kind: 'avatar' }), 'Таблица недоступна');
    await refused(update('User', { telegramId: member }, { role: 'ADMIN' }), 'Поле недоступно для изменения');
    await refused(update('User', { telegramId: member }, { isBanned: true }), 'Поле недоступно для изменения');
    await refused(update('Profile', { user: member }, { wandSizeCm: 10 }), 'Поле недоступно для изменения');
    await refused(update('Profile', { user: member }, { user: 1 }), 'Поле только для чтения');
    await refused(update('AuditLog', { id: 1 }, { action: 'x' }), 'Поле недоступно для изменения');
  });

  it('needs the full primary key', async () => {
    await refused(update('Profile', {}, { city: 'Тверь' }), 'Нельзя обновить запись: нет первичного ключа');
    await refused(update('Profile', { displayName: 'Лиза' }, { city: 'Тверь' }), 'Нельзя обновить запись: нет первичного ключа');
    await refused(update('Like', { from: member }, { kind: 'LIKE' }), 'Нельзя обновить запись: нет первичного ключа');
  });

  it('answers 404 for a row that is not there', async () => {
    const res = await update('Profile', { user: 123 }, { city: 'Тверь' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ ok: false, error: 'NOT_FOUND', message: 'Запись не найдена' });
  });
});

describe('update: coercion by column type', () => {
  const cell = async (model: string, where: Record<string, unknown>, name: string, value: unknown) => {
    const res = await update(model, where, { [name]: value });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { row: Record<string, unknown> }).row[name];
  };

  it('boolean, integer, date, enum and text', async () => {
    expect(await cell('UserSettings', { user: member }, 'notifyLikes', 'true')).toBe(true);
    expect(await cell('UserSettings', { user: String(member) }, 'notifyLikes', false)).toBe(false);
    expect(await cell('Profile', { user: member }, 'heightCm', '175')).toBe(175);
    expect(await cell('Profile', { user: member }, 'heightCm', '')).toBeNull();
    expect(await cell('Profile', { user: member }, 'birthDate', '2010-05-01')).toBe('2010-05-01');
    expect(await cell('Profile', { user: member }, 'gender', 'LESBIAN')).toBe('LESBIAN');
    expect(await cell('Profile', { user: member }, 'bio', 'Новое описание')).toBe('Новое описание');
    expect(await profileRow()).toMatchObject({ height_cm: null, gender: 'LESBIAN', bio: 'Новое описание' });
  });

  it('datetime as ISO text', async () => {
    await exec(`INSERT INTO likes (from_id, to_id, kind, created_at) VALUES (?, ?, 'LIKE', now())`, [admin.id, member]);
    expect(await cell('Like', { from: admin.id, to: member }, 'seenAt', '2026-01-02T03:04:05.000Z')).toBe('2026-01-02T03:04:05.000Z');
    const [like] = await exec('SELECT seen_at FROM likes WHERE from_id = ?', [admin.id]);
    expect(new Date(like!.seen_at as string).toISOString()).toBe('2026-01-02T03:04:05.000Z');
  });

  it('refuses bad values with 400 and changes nothing', async () => {
    const profile = { user: member };
    await refused(update('Profile', profile, { heightCm: 'высокий' }), 'Некорректное значение поля');
    await refused(update('Profile', profile, { heightCm: 170.5 }), 'Некорректное значение поля');
    await refused(update('Profile', profile, { heightCm: 99_999 }), 'Некорректное значение поля');
    await refused(update('Profile', profile, { birthDate: '2010-02-30' }), 'Некорректное значение поля');
    await refused(update('Profile', profile, { gender: 'SEX' }), 'Некорректное значение поля');
    await refused(update('Profile', profile, { displayName: 'я'.repeat(33) }), 'Некорректное значение поля');
    await refused(update('Profile', profile, { displayName: null }), 'Некорректное значение поля');
    await refused(update('Profile', profile, { displayName: 12 }), 'Некорректное значение поля');
    await refused(update('Profile', profile, {}), 'Некорректное значение поля');
    await refused(update('Like', { from: admin.id, to: member }, { seenAt: 'вчера' }), 'Некорректное значение поля');
    await refused(update('UserSettings', { user: member }, { notifyLikes: 'да' }), 'Некорректное значение поля');
  });

  it('turns a value the database refuses (a unique position) into 400, not 500', async () => {
    for (const [id, position] of [
      ['a'.repeat(24), 0],
      ['b'.repeat(24), 1],
    ] as const) {
      await exec(
        `INSERT INTO images (id, owner_telegram_id, kind, mime, width, height, bytes, created_at) VALUES (?, ?, 'profile', 'image/webp', 1, 1, 1, now())`,
        [id, member],
      );
      await exec(`INSERT INTO photos (owner_telegram_id, image_id, position, status, created_at) VALUES (?, ?, ?, 'APPROVED', now())`, [
        member,
        id,
        position,
      ]);
    }
    const [second] = await exec('SELECT id FROM photos WHERE position = 1 AND owner_telegram_id = ?', [member]);
    const res = await update('Photo', { id: second!.id }, { position: 0 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Некорректное значение поля');
    expect((await exec('SELECT position FROM photos WHERE id = ?', [second!.id]))[0]!.position).toBe(1);
  });
});

describe('update: moderation decisions are made in moderation only', () => {
  const HINT = 'Решения модерации меняются только в разделе «Модерация»: там их видит пользователь и применяет анкета';
  const columnsOf = async (model: string) => dbBrowseSchema.parse((await post('/api/admin-db/browse', { model })).body).schema.columns;

  it('marks decision fields read-only with a hint to the moderation screens', async () => {
    const decisions = {
      ModerationItem: ['status', 'reason', 'payload', 'reviewerId', 'resolvedAt', 'version'],
      Report: ['status', 'resolution', 'reviewerId', 'resolvedAt'],
      Profile: ['initialModerationStatus', 'descriptionModerationStatus'],
      Photo: ['status'],
    };
    for (const [model, names] of Object.entries(decisions)) {
      const columns = await columnsOf(model);
      for (const name of names)
        expect(
          columns.find((c) => c.name === name),
          `${model}.${name}`,
        ).toMatchObject({ editable: false, readOnlyHint: HINT });
    }
    expect((await columnsOf('Report')).find((c) => c.name === 'description')).toMatchObject({ editable: true });
    expect((await columnsOf('Profile')).find((c) => c.name === 'city')?.readOnlyHint).toBeUndefined();
  });

  it('refuses a faked approval with 400 and the hint: the item stays pending and the user is told nothing', async () => {
    const [item] = await exec(
      `INSERT INTO moderation_items (user_id, type, payload, created_at) VALUES (?, 'PROFILE_EDIT', '{"changes":{"displayName":"Мила"}}', now()) RETURNING id`,
      [member],
    );
    const [report] = await exec(
      `INSERT INTO reports (reporter_id, reported_user_id, report_type, reason, status, created_at) VALUES (?, ?, 'PROFILE', 'OTHER', 'PENDING', now()) RETURNING id`,
      [admin.id, member],
    );
    const audits = await auditCount();
    for (const [model, where, data] of [
      ['ModerationItem', { id: item!.id }, { status: 'APPROVED' }],
      ['ModerationItem', { id: item!.id }, { reason: 'Одобрено вручную через базу данных' }],
      ['ModerationItem', { id: item!.id }, { payload: '{"changes":{"displayName":"Другое"}}' }],
      ['Report', { id: report!.id }, { status: 'REJECTED' }],
      ['Profile', { user: member }, { initialModerationStatus: 'REJECTED' }],
    ] as const) {
      const res = await update(model, where, data);
      expect(res.status, `${model} ${JSON.stringify(data)}`).toBe(400);
      expect(res.body).toEqual({ ok: false, error: 'BAD_REQUEST', message: HINT });
    }
    expect((await exec('SELECT status, reason, reviewer_id FROM moderation_items WHERE id = ?', [item!.id]))[0]).toEqual({
      status: 'PENDING',
      reason: null,
      reviewer_id: null,
    });
    expect((await exec('SELECT status FROM reports WHERE id = ?', [report!.id]))[0]).toEqual({ status: 'PENDING' });
    expect((await profileRow()).initial_moderation_status).toBe('APPROVED');
    expect(await auditCount()).toBe(audits);
  });
});

describe('update: audit', () => {
  it('writes who, which row, and the old and new values, in the user history too', async () => {
    await update('UserSettings', { user: member }, { notifyMatches: true });
    const res = await update('UserSettings', { user: member }, { notifyMatches: false, notifyMessages: false });
    expect(res.status).toBe(200);
    const [entry] = await exec(`SELECT * FROM audit_log WHERE action = 'db.update' ORDER BY id DESC LIMIT 1`);
    expect(entry).toMatchObject({ actor_id: String(admin.id), target_type: 'UserSettings', target_id: String(member) });
    expect(entry!.details).toEqual({
      entity: 'UserSettings',
      key: { user: member },
      before: { notifyMatches: true, notifyMessages: true },
      after: { notifyMatches: false, notifyMessages: false },
    });
    const details = await app.request.get(`/api/user/${member}/details`).set(tmaHeader(admin.initData));
    expect(details.body.history[0]).toMatchObject({ action: 'db.update', label: 'Изменена запись в базе', actorId: admin.id });
  });
});
