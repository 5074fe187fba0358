import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog } from '../../../db/audit/audit-log.entity';
import { Message } from '../../../db/chats/message.entity';
import { Report } from '../../../db/reports/report.entity';
import { User } from '../../../db/users/user.entity';
import { apiGet, apiPost, createPair, messagesSocket, sendText } from '../../support/chats';
import { createActor, type Actor } from '../../support/moderation';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let moderator: Actor;
const em = () => app.db.orm.em.fork();

beforeAll(async () => {
  app = await createTestApp();
  moderator = await createActor(app, 'MODERATOR');
});
afterAll(() => app.close());

const act = (actor: { initData: string }, body: Record<string, unknown>) =>
  app.request.post('/api/moderation/report/action').send({ initData: actor.initData, ...body });

/** A pair with a short conversation; `b` wrote 'грубость', which `a` reports. */
async function reportedMessage() {
  const { a, b, chatId } = await createPair(app);
  const [sa, sb] = await Promise.all([messagesSocket(app, a), messagesSocket(app, b)]);
  await sendText(sa, chatId, 'привет');
  await sendText(sb, chatId, 'грубость');
  await sendText(sa, chatId, 'пока');
  await Promise.all([sa.close(), sb.close()]);
  const message = await em().findOneOrFail(Message, { chat: chatId, text: 'грубость' });
  expect((await apiPost(app, a, '/api/profile/report', { reportedUserId: b, reason: 'HARASSMENT', messageId: message.id })).status).toBe(
    200,
  );
  const report = await em().findOneOrFail(Report, { reporterId: a, reportedUserId: b, status: 'PENDING' });
  return { a, b, chatId, messageId: message.id, reportId: report.id };
}

/** Each message as its members see it: the text, or 'Сообщение удалено' for a deleted one (a tombstone). */
const historyTexts = async (userId: number, chatId: number) =>
  (
    (await apiGet(app, userId, '/api/messages/history', { chatId: String(chatId) })).body as {
      messages: Array<{ text: string | null; deleted?: boolean }>;
    }
  ).messages.map((m) => (m.deleted ? 'Сообщение удалено' : m.text));

describe('report outcomes: warning and removal of the reported message', () => {
  it('REMOVE_MESSAGE deletes the reported message for both sides, closes the report and is audited', async () => {
    const { a, b, chatId, messageId, reportId } = await reportedMessage();
    const res = await act(moderator, { reportId, action: 'REMOVE_MESSAGE' });
    expect(res.body).toMatchObject({ ok: true, status: 'MESSAGE_REMOVED' });
    const row = await em().findOneOrFail(Message, { id: messageId });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.text).toBeNull();
    for (const who of [a, b]) expect(await historyTexts(who, chatId)).toEqual(['привет', 'Сообщение удалено', 'пока']);
    expect(await em().findOneOrFail(User, { telegramId: b })).toMatchObject({ isBanned: false });
    expect(await em().count(AuditLog, { action: 'report.remove_message', actorId: moderator.id, targetId: String(b) })).toBe(1);
    // The first decision wins.
    const again = await act(moderator, { reportId, action: 'WARN' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^Уже рассмотрено: Сообщение удалено — @/);
  });

  it('REMOVE_MESSAGE is refused for a report without a message, and nothing changes', async () => {
    const { a, b } = await createPair(app);
    await apiPost(app, a, '/api/profile/report', { reportedUserId: b, reason: 'SPAM' });
    const report = await em().findOneOrFail(Report, { reporterId: a, reportedUserId: b });
    const res = await act(moderator, { reportId: report.id, action: 'REMOVE_MESSAGE' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('В жалобе нет сообщения, которое можно удалить');
    expect((await em().findOneOrFail(Report, { id: report.id })).status).toBe('PENDING');
  });

  it('WARN closes the report as a warning, keeps the user and the message, and is audited', async () => {
    const { b, messageId, reportId } = await reportedMessage();
    expect((await act(moderator, { reportId, action: 'WARN' })).body).toMatchObject({ ok: true, status: 'WARNED' });
    expect(await em().findOneOrFail(User, { telegramId: b })).toMatchObject({ isBanned: false });
    expect((await em().findOneOrFail(Message, { id: messageId })).deletedAt ?? null).toBeNull();
    expect(await em().count(AuditLog, { action: 'report.warn', actorId: moderator.id, targetId: String(b) })).toBe(1);
  });

  it('refuses both outcomes to someone who is not a moderator', async () => {
    const { messageId, reportId } = await reportedMessage();
    const user = await createActor(app, 'USER');
    for (const action of ['WARN', 'REMOVE_MESSAGE']) {
      const res = await act(user, { reportId, action });
      expect(res.status).toBe(403);
    }
    expect((await em().findOneOrFail(Report, { id: reportId })).status).toBe('PENDING');
    expect((await em().findOneOrFail(Message, { id: messageId })).text).toBe('грубость');
  });
});
