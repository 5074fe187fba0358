import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WARNING_TEXT } from '../../../bot/notifications/report-warning';
import { Message } from '../../../db/chats/message.entity';
import { Report } from '../../../db/reports/report.entity';
import { User } from '../../../db/users/user.entity';
import { asFakeUser, buttonsOf, eventually, lastBotMessage, postIn, press } from '../../support/bot-moderation';
import { apiPost, createPair, messagesSocket, sendText } from '../../support/chats';
import { createActor, type Actor } from '../../support/moderation';
import type { TestApp } from '../../support/test-app';
import { startAppAndBot, type AppAndBot, type TestBot } from '../../support/test-bot';

const GROUP = -100_777_000_222;
let t: AppAndBot;
let app: TestApp;
let bot: TestBot;
let moderator: Actor;
const em = () => app.db.orm.em.fork();

beforeAll(async () => {
  t = await startAppAndBot((app) => ({ storage: app.storage, moderationChatId: GROUP }));
  ({ app, bot } = t);
  moderator = await createActor(app, 'MODERATOR');
});
afterAll(() => t?.stop());

/** `a` reports a message `b` wrote; resolves once the bot has posted the report to the group. */
async function postedMessageReport() {
  const { a, b, chatId } = await createPair(app);
  const sb = await messagesSocket(app, b);
  await sendText(sb, chatId, 'обидные слова');
  await sb.close();
  const message = await em().findOneOrFail(Message, { chat: chatId, text: 'обидные слова' });
  expect((await apiPost(app, a, '/api/profile/report', { reportedUserId: b, reason: 'HARASSMENT', messageId: message.id })).status).toBe(
    200,
  );
  const report = await em().findOneOrFail(Report, { reporterId: a, reportedUserId: b });
  const sent = await postIn(bot.telegram, GROUP, `Жалоба #${report.id}`);
  const postId = lastBotMessage(bot.telegram, GROUP, `Жалоба #${report.id}`)!.messageId;
  return { a, b, messageId: message.id, report, sent, postId };
}

describe('report outcomes from the bot', () => {
  it("a message report offers warn and remove; 'Удалить сообщение' deletes it for both and closes the post", async () => {
    const { b, messageId, report, sent, postId } = await postedMessageReport();
    expect(buttonsOf(sent.params.reply_markup).map((x) => x.text)).toEqual([
      '🚫 Заблокировать',
      '⚠️ Предупредить',
      '🗑 Удалить сообщение',
      'Отклонить жалобу',
      'Открыть в панели',
    ]);
    expect(await press(bot.telegram, asFakeUser(moderator), GROUP, postId, `mr:${report.id}:rm`)).toBe('Сообщение удалено');
    const row = await em().findOneOrFail(Message, { id: messageId });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.text).toBeNull();
    expect((await em().findOneOrFail(User, { telegramId: b })).isBanned).toBe(false);
    await eventually(() =>
      lastBotMessage(bot.telegram, GROUP, `Жалоба #${report.id}`)?.text?.includes(`Решение: Сообщение удалено — @${moderator.username}`),
    );
  });

  it("'Предупредить' tells the reported user in neutral words; a second press is refused with who decided", async () => {
    const { b, messageId, report, postId } = await postedMessageReport();
    expect(await press(bot.telegram, asFakeUser(moderator), GROUP, postId, `mr:${report.id}:wn`)).toBe('Пользователь предупреждён');
    const told = await bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === b);
    expect(told.params.text).toBe(WARNING_TEXT);
    // AMENDMENTS §1.7: nothing on a lock screen hints at orientation or the product's nature.
    expect(String(told.params.text)).not.toMatch(/гей|лесби|бисекс|лгбт|lgbt|ориентац|знакомств/i);
    expect((await em().findOneOrFail(Message, { id: messageId })).text).toBe('обидные слова');
    expect(await press(bot.telegram, asFakeUser(moderator), GROUP, postId, `mr:${report.id}:rm`)).toMatch(
      /^Уже рассмотрено: Пользователь предупреждён — @/,
    );
    expect((await em().findOneOrFail(Message, { id: messageId })).deletedAt ?? null).toBeNull();
  });

  it('a profile report has no removal button, and a non-moderator pressing warn changes nothing', async () => {
    const { a, b } = await createPair(app);
    await apiPost(app, a, '/api/profile/report', { reportedUserId: b, reason: 'SPAM' });
    const report = await em().findOneOrFail(Report, { reporterId: a, reportedUserId: b });
    const sent = await postIn(bot.telegram, GROUP, `Жалоба #${report.id}`);
    expect(buttonsOf(sent.params.reply_markup).map((x) => x.text)).not.toContain('🗑 Удалить сообщение');
    const postId = lastBotMessage(bot.telegram, GROUP, `Жалоба #${report.id}`)!.messageId;
    const stranger = await createActor(app, 'USER');
    expect(await press(bot.telegram, asFakeUser(stranger), GROUP, postId, `mr:${report.id}:wn`)).toBe('Доступ запрещён');
    expect((await em().findOneOrFail(Report, { id: report.id })).status).toBe('PENDING');
  });
});
