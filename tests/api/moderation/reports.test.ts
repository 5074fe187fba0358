import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportsResponseSchema } from '../../../contracts/moderation-reports';
import { AuditLog } from '../../../db/audit/audit-log.entity';
import { Message } from '../../../db/chats/message.entity';
import { Report } from '../../../db/reports/report.entity';
import { User } from '../../../db/users/user.entity';
import { apiPost, createPair, messagesSocket, sendText } from '../../support/chats';
import { createActor, type Actor } from '../../support/moderation';
import { socketAs } from '../../support/sockets';
import { createTestApp, type TestApp } from '../../support/test-app';
import { tmaHeader } from '../../support/init-data';

let app: TestApp;
let moderator: Actor;
let admin: Actor;
const em = () => app.db.orm.em.fork();

beforeAll(async () => {
  app = await createTestApp();
  moderator = await createActor(app, 'MODERATOR');
  admin = await createActor(app, 'ADMIN');
});
afterAll(() => app.close());

async function report(from: number, about: number, body: Record<string, unknown> = {}): Promise<number> {
  const res = await apiPost(app, from, '/api/profile/report', {
    reportedUserId: about,
    reason: 'HARASSMENT',
    description: 'Пишет гадости',
    ...body,
  });
  expect(res.status).toBe(200);
  return (await em().findOneOrFail(Report, { reporterId: from, reportedUserId: about }, { orderBy: { id: 'desc' } })).id;
}

/** A report written straight to the database (no contact needed). */
async function storedReport(fields: { reporterId: number; reportedUserId: number }): Promise<Report> {
  const fork = em();
  const row = fork.create(Report, { ...fields, reportType: 'PROFILE', reason: 'OTHER' });
  await fork.flush();
  return row;
}

const list = async (actor: Actor, query: Record<string, unknown> = {}) => {
  const res = await app.request.get('/api/moderation/reports').set(tmaHeader(actor.initData)).query(query);
  expect(res.status).toBe(200);
  return reportsResponseSchema.parse(res.body);
};
const act = (actor: Actor, body: Record<string, unknown>) =>
  app.request.post('/api/moderation/report/action').send({ initData: actor.initData, ...body });

describe('GET /api/moderation/reports', () => {
  it('shows the reported user, the labels, the description and the card', async () => {
    const { a, b } = await createPair(app, { displayName: 'Вика' });
    const id = await report(a, b);
    const { reports } = await list(moderator, { status: 'PENDING', type: 'PROFILE' });
    const found = reports.find((r) => r.id === id)!;
    expect(found).toMatchObject({
      reportType: 'PROFILE',
      typeLabel: 'Профиль',
      reason: 'HARASSMENT',
      reasonLabel: 'Оскорбления и травля',
      description: 'Пишет гадости',
      reportedUser: { telegramId: b, username: `u${b}`, isBanned: false },
      reporter: { telegramId: a },
      profile: { userId: String(b), displayName: 'Вика' },
      messages: [],
    });
  });

  it('shows a reported message with a few messages around it', async () => {
    const { a, b, chatId } = await createPair(app);
    const [sa, sb] = await Promise.all([messagesSocket(app, a), messagesSocket(app, b)]);
    for (let i = 1; i <= 5; i++) await sendText(i % 2 ? sb : sa, chatId, `сообщение ${i}`);
    await Promise.all([sa.close(), sb.close()]);
    const reported = await em().findOneOrFail(Message, { chat: chatId, text: 'сообщение 3' });
    const id = await report(a, b, { reason: 'SPAM', messageId: reported.id });
    const { reports } = await list(moderator, { type: 'MESSAGE' });
    const found = reports.find((r) => r.id === id)!;
    expect(found.typeLabel).toBe('Сообщение');
    expect(found.messages.map((m) => m.text)).toEqual(['сообщение 1', 'сообщение 2', 'сообщение 3', 'сообщение 4', 'сообщение 5']);
    expect(found.messages.find((m) => m.isReported)).toMatchObject({ text: 'сообщение 3', fromReported: true });
  });
});

describe('POST /api/moderation/report/action', () => {
  it('REJECT closes the report and bans nobody', async () => {
    const { a, b } = await createPair(app);
    const id = await report(a, b);
    expect((await act(moderator, { reportId: id, action: 'REJECT' })).body).toMatchObject({ ok: true, status: 'REJECTED' });
    expect((await em().findOneOrFail(User, { telegramId: b })).isBanned).toBe(false);
    const again = await act(admin, { reportId: id, action: 'BLOCK', reason: 'Спам и флуд в сообщениях' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(new RegExp(`^Уже рассмотрено: Жалоба отклонена — @${moderator.username}`));
  });

  it('REJECT as the mini app sends it: reason null', async () => {
    const { a, b } = await createPair(app);
    const id = await report(a, b);
    expect((await act(moderator, { reportId: String(id), action: 'REJECT', reason: null })).body).toMatchObject({
      ok: true,
      status: 'REJECTED',
    });
  });

  it('BLOCK needs a reason by the one ban rule (20–500 characters)', async () => {
    const { a, b } = await createPair(app);
    const id = await report(a, b);
    for (const reason of [undefined, '   ', 'абв', ` ${'я'.repeat(19)} `, 'я'.repeat(501)]) {
      const res = await act(moderator, { reportId: id, action: 'BLOCK', reason });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Причина: от 20 до 500 символов');
    }
    expect(await em().findOneOrFail(User, { telegramId: b })).toMatchObject({ isBanned: false });
  });

  it('BLOCK bans the reported user at once and settles the other open reports about them', async () => {
    const { a, b } = await createPair(app);
    const id = await report(a, b);
    await storedReport({ reporterId: a + 1, reportedUserId: b });
    const socket = await socketAs(app, b);
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
    const res = await act(moderator, { reportId: id, action: 'BLOCK', reason: ' Травля в чате, оскорбления ' });
    expect(res.body).toMatchObject({ ok: true, status: 'BLOCKED' });
    expect(await closed).toBe(4003);
    expect(await em().findOneOrFail(User, { telegramId: b })).toMatchObject({ isBanned: true, banReason: 'Травля в чате, оскорбления' });
    expect(await em().count(Report, { reportedUserId: b, status: 'PENDING' })).toBe(0);
    expect(await em().count(AuditLog, { action: 'report.block', actorId: moderator.id, targetId: String(b) })).toBe(1);
    expect(await em().count(AuditLog, { action: 'user.ban', actorId: moderator.id, targetId: String(b) })).toBe(1);
    const next = await apiPost(app, b, '/api/profile/status');
    expect(next.body.error).toBe('BANNED');
  });

  it('only an admin may decide (and block on) a report about a staff member', async () => {
    const { a } = await createPair(app);
    const staff = await createActor(app, 'MODERATOR');
    const saved = await storedReport({ reporterId: a, reportedUserId: staff.id });
    for (const body of [{ action: 'BLOCK', reason: 'Нарушение правил общения в чате' }, { action: 'REJECT' }]) {
      const res = await act(moderator, { reportId: saved.id, ...body });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Жалобы на модераторов и администраторов рассматривают только администраторы');
    }
    expect((await act(admin, { reportId: saved.id, action: 'BLOCK', reason: 'Нарушение правил общения в чате' })).status).toBe(200);
  });
});
