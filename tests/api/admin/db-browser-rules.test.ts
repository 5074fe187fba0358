import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbBrowseSchema } from '../../../contracts/admin';
import { createPair } from '../../support/chats';
import { birthDateForAge, createMember } from '../../support/factories';
import { createActor, type Actor } from '../../support/moderation';
import { createTestApp, type TestApp } from '../../support/test-app';

// AMENDMENTS §5.6: the database browser edits only what a dedicated screen could edit, under the same rules.
const BIRTH_DATE_RULE = 'Дата в формате ГГГГ-ММ-ДД, возраст 13–19 лет';
const TELEGRAM_OWNED = 'Эти поля приходят из Telegram и обновляются при каждом запуске';
const MESSAGES_HINT = 'Сообщения пользователей здесь не меняются: текст и удаление — дело их автора';

let app: TestApp;
let admin: Actor;
const em = () => app.db.orm.em.fork();
const exec = (sql: string, params: unknown[] = []) => em().execute(sql, params);

beforeAll(async () => {
  app = await createTestApp();
  admin = await createActor(app, 'ADMIN');
});
afterAll(() => app.close());

const update = (model: string, where: Record<string, unknown>, data: Record<string, unknown>) =>
  app.request.post('/api/admin-db/update').send({ initData: admin.initData, model, where, data });
const columnsOf = async (model: string) =>
  dbBrowseSchema.parse((await app.request.post('/api/admin-db/browse').send({ initData: admin.initData, model })).body).schema.columns;
const profileOf = async (id: number) =>
  (await exec('SELECT birth_date::text AS birth_date, sex, gender FROM profiles WHERE user_telegram_id = ?', [id]))[0]!;
const auditsOf = async (id: number) =>
  exec(`SELECT action, target_type, details FROM audit_log WHERE target_id = ? ORDER BY id`, [String(id)]) as Promise<
    Array<{ action: string; target_type: string; details: Record<string, unknown> }>
  >;

describe('the database browser is no side door (AMENDMENTS §5.6)', () => {
  it('takes a birth date only by the correction rule (13–19), audited as the dedicated correction is', async () => {
    const member = await createMember(em(), { age: 16 });
    const before = await profileOf(member);
    for (const age of [6, 12, 20, 40]) {
      const res = await update('Profile', { user: member }, { birthDate: birthDateForAge(age) });
      expect(res.status, `age ${age}`).toBe(400);
      expect(res.body).toEqual({ ok: false, error: 'BAD_REQUEST', message: BIRTH_DATE_RULE });
    }
    expect(await profileOf(member)).toEqual(before);
    expect(await auditsOf(member)).toEqual([]);

    const corrected = birthDateForAge(14);
    const res = await update('Profile', { user: member }, { birthDate: corrected });
    expect(res.status).toBe(200);
    expect(res.body.row.birthDate).toBe(corrected);
    // The same entry as PATCH /api/user/{id}/birth-date writes for another member.
    const other = await createMember(em(), { age: 16 });
    const dedicated = await app.request.patch(`/api/user/${other}/birth-date`).send({ initData: admin.initData, birthDate: corrected });
    expect(dedicated.status).toBe(200);
    expect(await auditsOf(member)).toEqual([
      {
        action: 'user.profile',
        target_type: 'user',
        details: { before: { birthDate: before.birth_date }, after: { birthDate: corrected } },
      },
    ]);
    expect((await auditsOf(other)).map((a) => [a.action, a.target_type, Object.keys(a.details.after as object)])).toEqual([
      ['user.profile', 'user', ['birthDate']],
    ]);
  });

  it('takes sex and orientation by the orientation rule, and never an empty sex', async () => {
    const member = await createMember(em());
    expect((await update('Profile', { user: member }, { sex: 'FEMALE', gender: 'GAY' })).status).toBe(200);
    expect(await profileOf(member)).toMatchObject({ sex: 'FEMALE', gender: 'LESBIAN' });
    expect((await update('Profile', { user: member }, { sex: 'MALE' })).status).toBe(200);
    expect(await profileOf(member)).toMatchObject({ sex: 'MALE', gender: 'GAY' });
    const res = await update('Profile', { user: member }, { sex: null });
    expect(res.status).toBe(400);
    expect(await profileOf(member)).toMatchObject({ sex: 'MALE' });
  });

  it("shows users' message text and deletion read-only with why, and refuses to change them", async () => {
    const { a, chatId } = await createPair(app);
    const [message] = await exec(
      `INSERT INTO messages (chat_id, sender_id, seq, type, text, created_at, deleted_at) VALUES (?, ?, 1, 'TEXT', 'Привет', now(), now()) RETURNING id`,
      [chatId, a],
    );
    const columns = await columnsOf('Message');
    for (const name of ['text', 'deletedAt'])
      expect(
        columns.find((c) => c.name === name),
        name,
      ).toMatchObject({ editable: false, readOnlyHint: MESSAGES_HINT });
    for (const data of [{ text: 'Переписано администратором' }, { deletedAt: null }]) {
      const res = await update('Message', { id: message!.id }, data);
      expect(res.status, JSON.stringify(data)).toBe(400);
      expect(res.body).toEqual({ ok: false, error: 'BAD_REQUEST', message: MESSAGES_HINT });
    }
    const [row] = await exec('SELECT text, deleted_at FROM messages WHERE id = ?', [message!.id]);
    expect(row!.text).toBe('Привет');
    expect(row!.deleted_at).not.toBeNull();
    expect(await exec(`SELECT 1 FROM audit_log WHERE target_type = 'Message'`)).toEqual([]);
  });

  it("shows Telegram's fields of a user read-only with why, and refuses to change them", async () => {
    const member = await createMember(em());
    const columns = await columnsOf('User');
    for (const name of ['username', 'firstName', 'lastName'])
      expect(
        columns.find((c) => c.name === name),
        name,
      ).toMatchObject({ editable: false, readOnlyHint: TELEGRAM_OWNED });
    const [before] = await exec('SELECT username, first_name, last_name FROM users WHERE telegram_id = ?', [member]);
    for (const data of [{ username: 'renamed' }, { firstName: 'Маша' }, { lastName: 'Иванова' }]) {
      const res = await update('User', { telegramId: member }, data);
      expect(res.status, JSON.stringify(data)).toBe(400);
      expect(res.body).toEqual({ ok: false, error: 'BAD_REQUEST', message: TELEGRAM_OWNED });
    }
    expect((await exec('SELECT username, first_name, last_name FROM users WHERE telegram_id = ?', [member]))[0]).toEqual(before);
  });
});
