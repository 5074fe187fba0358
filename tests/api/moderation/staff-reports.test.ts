import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationCountsSchema } from '../../../contracts/moderation';
import { reportsResponseSchema } from '../../../contracts/moderation-reports';
import { Report } from '../../../db/reports/report.entity';
import { User } from '../../../db/users/user.entity';
import { createMember } from '../../support/factories';
import { createActor, type Actor } from '../../support/moderation';
import { createTestApp, type TestApp } from '../../support/test-app';
import { tmaHeader } from '../../support/init-data';

let app: TestApp;
let moderator: Actor;
let admin: Actor;
let otherAdmin: Actor;
const em = () => app.db.orm.em.fork();
const SELF = 'Нельзя рассматривать жалобу на себя';

beforeAll(async () => {
  app = await createTestApp();
  moderator = await createActor(app, 'MODERATOR');
  admin = await createActor(app, 'ADMIN');
  otherAdmin = await createActor(app, 'ADMIN');
});
afterAll(() => app.close());

async function reportAbout(reportedUserId: number): Promise<number> {
  const fork = em();
  const row = fork.create(Report, {
    reporterId: await createMember(em()),
    reportedUserId,
    reportType: 'PROFILE',
    reason: 'OTHER',
    description: 'Грубит в чате',
  });
  await fork.flush();
  return row.id;
}

const listed = async (actor: Actor, reportId?: number) => {
  const res = await app.request
    .get('/api/moderation/reports')
    .set(tmaHeader(actor.initData))
    .query(reportId ? { reportId } : {});
  return reportsResponseSchema.parse(res.body).reports.map((r) => r.id);
};
const reportCount = async (actor: Actor) =>
  moderationCountsSchema.parse((await app.request.get('/api/moderation/counts').set(tmaHeader(actor.initData))).body).counts.reports;
const act = (actor: Actor, body: Record<string, unknown>) =>
  app.request.post('/api/moderation/report/action').send({ initData: actor.initData, ...body });

describe('reports about staff', () => {
  it('a moderator never sees a report about themselves (nor who sent it), its count, or any about staff; admins do', async () => {
    const counts = { moderator: await reportCount(moderator), admin: await reportCount(admin) };
    const aboutModerator = await reportAbout(moderator.id);
    const aboutAdmin = await reportAbout(otherAdmin.id);
    const aboutUser = await reportAbout(await createMember(em()));
    expect(await listed(moderator)).toEqual(expect.arrayContaining([aboutUser]));
    expect(await listed(moderator)).not.toEqual(expect.arrayContaining([aboutModerator]));
    expect(await listed(moderator)).not.toEqual(expect.arrayContaining([aboutAdmin]));
    expect(await listed(moderator, aboutModerator)).toEqual([]);
    expect(await reportCount(moderator)).toBe(counts.moderator + 1);
    expect(await listed(admin)).toEqual(expect.arrayContaining([aboutModerator, aboutAdmin, aboutUser]));
    expect(await reportCount(admin)).toBe(counts.admin + 3);
  });

  it('a moderator cannot reject a report about themselves', async () => {
    const id = await reportAbout(moderator.id);
    const res = await act(moderator, { reportId: id, action: 'REJECT' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(SELF);
    expect((await em().findOneOrFail(Report, { id })).status).toBe('PENDING');
  });

  it('nobody decides a report about themselves, an admin included; another admin does', async () => {
    const id = await reportAbout(admin.id);
    expect(await listed(admin)).not.toEqual(expect.arrayContaining([id]));
    for (const body of [{ action: 'REJECT' }, { action: 'BLOCK', reason: 'Сам себя блокирует по жалобе' }]) {
      const res = await act(admin, { reportId: id, ...body });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(SELF);
    }
    expect((await em().findOneOrFail(Report, { id })).status).toBe('PENDING');
    expect((await act(otherAdmin, { reportId: id, action: 'REJECT' })).status).toBe(200);
  });

  it('an admin may block another admin on a report while another admin remains', async () => {
    const target = await createActor(app, 'ADMIN');
    const id = await reportAbout(target.id);
    expect((await act(admin, { reportId: id, action: 'BLOCK', reason: 'Нарушение правил общения в чате' })).status).toBe(200);
    expect((await em().findOneOrFail(User, { telegramId: target.id })).isBanned).toBe(true);
  });
});
