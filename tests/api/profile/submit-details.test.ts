import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModerationItem } from '../../../db/moderation/moderation-item.entity';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { Profile } from '../../../db/profiles/profile.entity';
import { approveBase } from '../../support/onboarding-decisions';
import { newRegistrant, validBase, validDetails, type Registrant } from '../../support/onboarding';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let r: Registrant;
const em = () => app.db.orm.em.fork();
const submit = (body: Record<string, unknown>) => app.request.post('/api/profile/submit-details').send(body);

beforeAll(async () => {
  app = await createTestApp();
  await ensurePlaces(em());
  r = await newRegistrant(app);
  await app.request.post('/api/profile/submit-base').send(validBase(r));
  await approveBase(em(), r.launch.id);
});
afterAll(() => app.close());

describe('POST /api/profile/submit-details validation (end-user.md §5, AMENDMENTS §1)', () => {
  it.each([
    [{ description: 'Коротко о себе' }, 'Описание слишком короткое'],
    [{ description: `   ${'а'.repeat(23)}   ` }, 'Описание слишком короткое'],
    [{ description: undefined }, 'Описание слишком короткое'],
    [{ description: 'а'.repeat(1201) }, 'Описание слишком длинное (не более 1200 символов)'],
    [{ consentAccepted: false }, 'Нужно согласиться с правилами'],
    [{ consentAccepted: undefined }, 'Нужно согласиться с правилами'],
    [{ consentAccepted: 'true' }, 'Нужно согласиться с правилами'],
    [{ lookingFor: ['SEX'] }, 'Допустимые значения: LONG_DISTANCE, LOCAL, COMMUNICATION'],
    [{ lookingFor: ['COMMUNICATION', 'EXCHANGE'] }, 'Допустимые значения: LONG_DISTANCE, LOCAL, COMMUNICATION'],
    [{ lookingFor: 'LOCAL' }, 'Допустимые значения: LONG_DISTANCE, LOCAL, COMMUNICATION'],
    [{ lookingFor: ['LOCAL', 'LOCAL', 'LOCAL', 'LOCAL', 'LOCAL', 'LOCAL'] }, 'Не более 5 вариантов'],
    [{ heightCm: 129 }, 'Рост: от 130 до 220 см'],
    [{ heightCm: 221 }, 'Рост: от 130 до 220 см'],
    [{ heightCm: 170.5 }, 'Рост: от 130 до 220 см'],
  ])('refuses %j with the message %s and changes nothing', async (overrides, message) => {
    const res = await submit(validDetails(r, overrides));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: 'BAD_REQUEST', message });
    const profile = await em().findOneOrFail(Profile, { user: r.launch.id });
    expect(profile).toMatchObject({ bio: null, descriptionModerationStatus: null, lookingFor: [] });
    expect(await em().count(ModerationItem, { userId: r.launch.id, type: 'PROFILE_DESCRIPTION' })).toBe(0);
  });

  it('stores the description, drops unknown fields (no body-size field, no body weight) and queues one item', async () => {
    const res = await submit(
      validDetails(r, {
        description: '  Люблю музыку, книги и долгие прогулки.  ',
        lookingFor: ['LOCAL', 'COMMUNICATION', 'LOCAL'],
        heightCm: '',
        weightKg: '300',
        wandSizeCm: 15,
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ok: true, status: 'UNDER_REVIEW_DESC' });
    const profile = await em().findOneOrFail(Profile, { user: r.launch.id });
    expect(profile).toMatchObject({
      bio: 'Люблю музыку, книги и долгие прогулки.',
      lookingFor: ['LOCAL', 'COMMUNICATION'],
      heightCm: null,
      descriptionModerationStatus: 'PENDING',
    });
    expect(profile.consentAcceptedAt).toBeInstanceOf(Date);
    const [item] = await em().find(ModerationItem, { userId: r.launch.id, type: 'PROFILE_DESCRIPTION' });
    expect(item?.payload).toEqual({
      bio: 'Люблю музыку, книги и долгие прогулки.',
      lookingFor: ['LOCAL', 'COMMUNICATION'],
      heightCm: null,
    });
    const columns: Array<{ column_name: string }> = await em()
      .getConnection()
      .execute(`select column_name from information_schema.columns where table_name = 'profiles'`);
    expect(columns.map((c) => c.column_name).join(',')).not.toMatch(/wand|size|weight/i);
  });

  it('refuses the description stage before any base profile', async () => {
    const fresh = await newRegistrant(app);
    const res = await submit(validDetails(fresh));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Сначала заполните анкету');
  });
});
