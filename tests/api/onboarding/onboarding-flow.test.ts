import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog } from '../../../db/audit/audit-log.entity';
import { ModerationItem } from '../../../db/moderation/moderation-item.entity';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { Photo } from '../../../db/profiles/photo.entity';
import { approveBase, approveDescription, decideStage } from '../../support/onboarding-decisions';
import { decideItem } from '../../../db/moderation/item-decisions.service';
import { newRegistrant, validBase, validDetails } from '../../support/onboarding';
import { createTestApp, type TestApp } from '../../support/test-app';
import { tmaHeader } from '../../support/init-data';

let app: TestApp;
const em = () => app.db.orm.em.fork();

beforeAll(async () => {
  // No release gate here: before the release moment it holds every call of an unapproved user (tests/api/release-gate.test.ts).
  app = await createTestApp();
  await ensurePlaces(em());
});
afterAll(() => app.close());

const status = async (initData: string) => (await app.request.post('/api/profile/status').send({ initData })).body;
const me = (initData: string) => app.request.get('/api/profile/me').set(tmaHeader(initData));

describe('onboarding status, end to end', () => {
  it('walks NO_PROFILE → UNDER_REVIEW_BASE → NEED_DESCRIPTION → UNDER_REVIEW_DESC → APPROVED', async () => {
    const r = await newRegistrant(app);
    expect(await status(r.initData)).toEqual({ ok: true, status: 'NO_PROFILE', reason: null, sexMissing: false, gender: null });

    expect((await app.request.post('/api/profile/submit-base').send(validBase(r))).body).toEqual({ ok: true, status: 'UNDER_REVIEW_BASE' });
    expect((await status(r.initData)).status).toBe('UNDER_REVIEW_BASE');
    const early = await app.request.post('/api/profile/submit-details').send(validDetails(r));
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Описание можно отправить после одобрения анкеты');

    await approveBase(em(), r.launch.id, 42);
    expect((await status(r.initData)).status).toBe('NEED_DESCRIPTION');
    expect(await em().count(Photo, { owner: r.launch.id, status: 'APPROVED' })).toBe(3);

    expect((await app.request.post('/api/profile/submit-details').send(validDetails(r))).body).toEqual({
      ok: true,
      status: 'UNDER_REVIEW_DESC',
    });
    expect((await status(r.initData)).status).toBe('UNDER_REVIEW_DESC');

    await approveDescription(em(), r.launch.id, 42);
    expect(await status(r.initData)).toEqual({ ok: true, status: 'APPROVED', reason: null, sexMissing: false, gender: 'BISEXUAL' });
    const items = await em().find(ModerationItem, { userId: r.launch.id }, { orderBy: { id: 'asc' } });
    expect(items.map((i) => [i.type, i.status, i.reviewerId])).toEqual([
      ['INITIAL', 'APPROVED', 42],
      ['PROFILE_DESCRIPTION', 'APPROVED', 42],
    ]);
    expect(await em().count(AuditLog, { targetId: String(r.launch.id), action: { $like: 'moderation.%' } })).toBe(2);
  });

  it('GET /api/profile/me carries the profile', async () => {
    const r = await newRegistrant(app);
    await app.request.post('/api/profile/submit-base').send(validBase(r, { displayName: 'Лиза', city: 'Казань' }));
    await approveBase(em(), r.launch.id);
    await app.request.post('/api/profile/submit-details').send(validDetails(r));
    await approveDescription(em(), r.launch.id);
    const res = await me(r.initData);
    expect(res.status).toBe(200);
    expect(res.body.profile).toEqual({
      displayName: 'Лиза',
      city: 'Казань',
      initialModerationStatus: 'APPROVED',
      descriptionModerationStatus: 'APPROVED',
    });
  });

  it('sends a discrepant base back to onboarding with the reason, and accepts the corrected one', async () => {
    const r = await newRegistrant(app);
    await app.request.post('/api/profile/submit-base').send(validBase(r));
    await decideStage(em(), r.launch.id, 'base', {
      status: 'DISCREPANT',
      reason: 'Фото не совпадают с указанным возрастом',
      reviewerId: 7,
    });
    expect(await status(r.initData)).toEqual({
      ok: true,
      status: 'BASE_DISCREPANT',
      reason: 'Фото не совпадают с указанным возрастом',
      sexMissing: false,
      gender: 'BISEXUAL',
    });

    const again = await app.request.post('/api/profile/submit-base').send(validBase(r, { displayName: 'Аннушка' }));
    expect(again.body).toEqual({ ok: true, status: 'UNDER_REVIEW_BASE' });
    expect(await status(r.initData)).toEqual({
      ok: true,
      status: 'UNDER_REVIEW_BASE',
      reason: null,
      sexMissing: false,
      gender: 'BISEXUAL',
    });
    const items = await em().find(ModerationItem, { userId: r.launch.id, type: 'INITIAL' }, { orderBy: { id: 'asc' } });
    expect(items.map((i) => i.status)).toEqual(['DISCREPANT', 'PENDING']);
  });

  it('sends a discrepant description back to the description flow with the reason', async () => {
    const r = await newRegistrant(app);
    await app.request.post('/api/profile/submit-base').send(validBase(r));
    await approveBase(em(), r.launch.id);
    await app.request.post('/api/profile/submit-details').send(validDetails(r));
    const repeat = await app.request.post('/api/profile/submit-details').send(validDetails(r));
    expect(repeat.status).toBe(409);
    expect(repeat.body.message).toBe('Описание уже на модерации, дождитесь решения');

    await decideStage(em(), r.launch.id, 'description', { status: 'DISCREPANT', reason: 'Уберите из описания контакты' });
    expect(await status(r.initData)).toEqual({
      ok: true,
      status: 'NEED_DESCRIPTION',
      reason: 'Уберите из описания контакты',
      sexMissing: false,
      gender: 'BISEXUAL',
    });
    expect((await app.request.post('/api/profile/submit-details').send(validDetails(r))).body.status).toBe('UNDER_REVIEW_DESC');
  });

  it('refuses base submissions once approved, and a second decision on the same stage', async () => {
    const r = await newRegistrant(app);
    await app.request.post('/api/profile/submit-base').send(validBase(r));
    const item = await approveBase(em(), r.launch.id);
    const again = { itemId: item.id, version: item.version, status: 'APPROVED', from: 'panel' } as const;
    await expect(decideItem(em(), app.bus, { telegramId: 2, role: 'MODERATOR', isBanned: false }, again)).rejects.toMatchObject({
      status: 409,
    });
    const res = await app.request.post('/api/profile/submit-base').send(validBase(r));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Анкета уже одобрена');
  });

  it('answers GET /api/profile/status too, and NO_PROFILE for someone who never submitted', async () => {
    const r = await newRegistrant(app);
    const res = await app.request.get('/api/profile/status').set(tmaHeader(r.initData));
    expect(res.body).toEqual({ ok: true, status: 'NO_PROFILE', reason: null, sexMissing: false, gender: null });
  });
});
