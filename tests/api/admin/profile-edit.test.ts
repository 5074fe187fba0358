import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PROFILE_MESSAGES } from '../../../contracts/admin';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { birthDateForAge, createMember } from '../../support/factories';
import { createActor, type Actor } from '../../support/moderation';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let admin: Actor;
let member: number;
const em = () => app.db.orm.em.fork();
const exec = (sql: string, params: unknown[] = []) => em().execute(sql, params);
const profileRow = async () => (await exec('SELECT * FROM profiles WHERE user_telegram_id = ?', [member]))[0]!;
const photos = async () => exec('SELECT image_id, position, status FROM photos WHERE owner_telegram_id = ? ORDER BY position', [member]);
const patch = (body: Record<string, unknown>, id = member) =>
  app.request.patch(`/api/user/${id}/profile`).send({ initData: admin.initData, ...body });
const image = (ch: string) => ch.repeat(24);
const url = (ch: string) => `/cdn/images/${image(ch)}/profile`;

async function addImage(ch: string, owner: number) {
  await exec(
    `INSERT INTO images (id, owner_telegram_id, kind, mime, width, height, bytes, created_at) VALUES (?, ?, 'profile', 'image/webp', 1, 1, 1, now())`,
    [image(ch), owner],
  );
}

beforeAll(async () => {
  app = await createTestApp();
  await ensurePlaces(em());
  admin = await createActor(app, 'ADMIN');
  member = await createMember(em(), { displayName: 'Соня', age: 15 });
  for (const ch of ['a', 'b', 'c', 'd']) await addImage(ch, member);
  await addImage('f', admin.id);
  await exec(`INSERT INTO photos (owner_telegram_id, image_id, position, status, created_at) VALUES (?, ?, 0, 'PENDING', now())`, [
    member,
    image('a'),
  ]);
});
afterAll(() => app.close());

describe('PATCH /api/user/{id}/profile', () => {
  it('applies the fields at once, birth date included, and records before and after', async () => {
    const birthDate = birthDateForAge(17);
    const res = await patch({
      displayName: ' Софья ',
      city: 'Казань',
      bio: 'Новое о себе',
      heightCm: '165',
      weightKg: 62,
      birthDate,
      sex: 'FEMALE',
      gender: 'GAY',
      wandSizeCm: 12,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await profileRow();
    expect(row).toMatchObject({
      display_name: 'Софья',
      city: 'Казань',
      bio: 'Новое о себе',
      height_cm: 165,
      sex: 'FEMALE',
      gender: 'LESBIAN',
    });
    expect(row.place_id).not.toBeNull();
    expect(row).not.toHaveProperty('wand_size_cm');
    // No body weight is stored (AMENDMENTS §5.9): the field is ignored like any unknown one.
    expect(row).not.toHaveProperty('weight_kg');
    const [entry] = await exec(`SELECT actor_id, details FROM audit_log WHERE action = 'user.profile' AND target_id = ?`, [String(member)]);
    expect(entry!.actor_id).toBe(String(admin.id));
    expect((entry!.details as { after: Record<string, unknown> }).after).toMatchObject({
      displayName: 'Софья',
      birthDate,
      gender: 'LESBIAN',
      heightCm: 165,
    });
  });

  it('replaces the photo set with the user’s own images, in order, approved', async () => {
    const res = await patch({ photos: [` ${url('c')} `, '', url('b')] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await photos()).toEqual([
      { image_id: image('c'), position: 0, status: 'APPROVED' },
      { image_id: image('b'), position: 1, status: 'APPROVED' },
    ]);
  });

  it('refuses values outside the admin limits with the field’s message and changes nothing', async () => {
    const [before, photosBefore] = [await profileRow(), await photos()];
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ displayName: 'Я' }, ADMIN_PROFILE_MESSAGES.displayName],
      [{ city: '' }, ADMIN_PROFILE_MESSAGES.city],
      [{ bio: 'я'.repeat(1201) }, ADMIN_PROFILE_MESSAGES.bio],
      [{ heightCm: 250 }, ADMIN_PROFILE_MESSAGES.heightCm],
      [{ birthDate: '2010-02-30' }, ADMIN_PROFILE_MESSAGES.birthDate],
      [{ birthDate: birthDateForAge(25) }, ADMIN_PROFILE_MESSAGES.birthDate],
      [{ birthDate: '01/02/2010' }, ADMIN_PROFILE_MESSAGES.birthDate],
      [{ photos: ['', ' '] }, ADMIN_PROFILE_MESSAGES.photos],
      [{ photos: [url('a'), url('b'), url('c'), url('d')] }, ADMIN_PROFILE_MESSAGES.photosMax],
      [{ photos: [url('f')] }, 'Фото не найдено: загрузите его заново'],
      [{ photos: ['https://evil.example/x.jpg'] }, expect.stringContaining('Photo URL must be from')],
      [{ photos: [url('a'), url('a')] }, 'Фото не должны повторяться'],
      [{ gender: 'STRAIGHT' }, 'Некорректное значение поля'],
    ];
    for (const [body, message] of cases) {
      const res = await patch({ displayName: 'Не сохранится', ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ ok: false, error: 'BAD_REQUEST', message });
      expect(Object.keys(res.body).filter((k) => !['ok', 'error', 'message', 'field'].includes(k))).toEqual([]);
    }
    expect(await profileRow()).toEqual(before);
    expect(await photos()).toEqual(photosBefore);
  });

  it('answers 404 for an unknown user and for a user without a profile', async () => {
    const unknown = await patch({ city: 'Казань' }, 123);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Пользователь не найден');
    const bare = await createActor(app, 'USER');
    const noProfile = await patch({ city: 'Казань' }, bare.id);
    expect(noProfile.status).toBe(404);
    expect(noProfile.body.message).toBe('У пользователя нет анкеты');
  });
});
