import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_USAGE } from '../../bot/admin/admin-command-texts';
import type { FakeUser } from '../../bot/dev/fake-telegram';
import { ROLE_TEXTS, UNBANNED_TEXT } from '../../bot/notifications/account-changes';
import { BANNED_TEXT } from '../../bot/notifications/moderation-outcome';
import { buttonsOf } from '../support/bot-moderation';
import { createMember } from '../support/factories';
import { createActor, type Actor } from '../support/moderation';
import type { TestApp } from '../support/test-app';
import { startAppAndBot, TEST_PUBLIC_URL, type AppAndBot, type TestBot } from '../support/test-bot';

let t: AppAndBot;
let app: TestApp;
let bot: TestBot;
let admin: Actor;
let moderator: Actor;
const em = () => app.db.orm.em.fork();
const REASON = 'Спам и флуд в сообщениях';
const exec = (sql: string, params: unknown[] = []) => em().execute(sql, params);
const userRow = async (id: number) => (await exec('SELECT role, is_banned, ban_reason FROM users WHERE telegram_id = ?', [id]))[0]!;
const asUser = (actor: Pick<Actor, 'id' | 'username'>): FakeUser => ({ id: actor.id, first_name: 'Сотрудник', username: actor.username });

/** Sends a command as `who` and resolves with the bot's next reply in that chat. */
async function say(who: Pick<Actor, 'id' | 'username'>, text: string) {
  const from = bot.telegram.calls.length;
  bot.telegram.injectMessage(asUser(who), text);
  return bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === who.id && bot.telegram.calls.indexOf(c) >= from, 8000);
}
const reply = async (who: Pick<Actor, 'id' | 'username'>, text: string) => String((await say(who, text)).params.text);
const toldUser = (id: number) => bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === id, 8000);

beforeAll(async () => {
  t = await startAppAndBot();
  ({ app, bot } = t);
  moderator = await createActor(app, 'MODERATOR');
});
beforeEach(async () => {
  await exec(`UPDATE users SET role = 'USER' WHERE role = 'ADMIN'`);
  admin = await createActor(app, 'ADMIN');
});
afterAll(() => t?.stop());

describe('who may use the admin commands', () => {
  it('refuses a moderator, a stranger and a banned admin', async () => {
    const banned = await createActor(app, 'ADMIN', { banned: true });
    for (const who of [moderator, { id: 77_000_001, username: 'stranger' }, banned]) {
      for (const command of ['/stats', '/ban 1', '/unban 1', '/role 1 ADMIN', '/admin'])
        expect(await reply(who, command)).toBe('Доступ запрещён');
    }
    expect((await userRow(moderator.id)).role).toBe('MODERATOR');
  });
});

describe('/stats and /admin', () => {
  it('/stats counts users today, in 7 days and in total, and items waiting', async () => {
    await exec(`INSERT INTO moderation_items (user_id, type, payload, created_at) VALUES (1, 'INITIAL', '{}', now())`);
    const [row] = await exec(`SELECT count(*) AS n FROM users`);
    const text = await reply(admin, '/stats');
    expect(text).toContain(`Всего пользователей: ${row!.n}`);
    expect(text).toMatch(/Новых пользователей сегодня: \d+\nЗа 7 дней: \d+/);
    expect(text).toContain('Ждут модерации: 1');
  });

  it('/admin answers with a web-app button to the panel', async () => {
    const sent = await say(admin, '/admin');
    expect(buttonsOf(sent.params.reply_markup)[0]?.web_app?.url).toBe(`${TEST_PUBLIC_URL}/admin`);
  });
});

describe('/ban and /unban', () => {
  it('bans with a reason through the same service: flag, audit, and the user is told', async () => {
    const id = await createMember(em());
    expect(await reply(admin, `/ban ${id} Спам и флуд в сообщениях`)).toBe(
      `Пользователь #${id} заблокирован.\nПричина: Спам и флуд в сообщениях`,
    );
    expect(await userRow(id)).toMatchObject({ is_banned: true, ban_reason: 'Спам и флуд в сообщениях' });
    expect((await toldUser(id)).params.text).toBe(`${BANNED_TEXT}\nПричина: Спам и флуд в сообщениях`);
    const [entry] = await exec(`SELECT actor_id FROM audit_log WHERE action = 'user.ban' AND target_id = ?`, [String(id)]);
    expect(entry!.actor_id).toBe(String(admin.id));
    expect(await reply(admin, `/ban ${id} Спам и флуд в сообщениях`)).toBe(`Пользователь #${id} уже заблокирован.`);

    expect(await reply(admin, `/unban ${id}`)).toBe(`Пользователь #${id} разблокирован.`);
    expect(await userRow(id)).toMatchObject({ is_banned: false, ban_reason: null });
    await bot.telegram.waitForCall('sendMessage', (c) => c.params.chat_id === id && c.params.text === UNBANNED_TEXT, 8000);
    expect(await reply(admin, `/unban ${id}`)).toBe(`Пользователь #${id} не заблокирован.`);
  });

  it('answers a bare /ban ID with the usage that names the required reason, and bans nobody', async () => {
    const id = await createMember(em());
    expect(ADMIN_USAGE.ban).toContain('/ban ID причина');
    expect(await reply(admin, `/ban ${id}`)).toBe(ADMIN_USAGE.ban);
    expect((await userRow(id)).is_banned).toBe(false);
  });

  it('explains the usage for bad arguments and refuses oneself and unknown users', async () => {
    for (const args of ['', 'abc', '-5', '@someone']) expect(await reply(admin, `/ban ${args}`)).toBe(ADMIN_USAGE.ban);
    for (const args of ['', 'abc', '5 лишнее']) expect(await reply(admin, `/unban ${args}`)).toBe(ADMIN_USAGE.unban);
    expect(await reply(admin, `/ban ${admin.id} ${REASON}`)).toBe('Нельзя заблокировать себя');
    expect(await reply(admin, `/ban 123 ${REASON}`)).toBe('Пользователь не найден');
    expect((await userRow(admin.id)).is_banned).toBe(false);
  });

  it('bans staff under the one ban rule: two admins banning each other at once leave exactly one admin', async () => {
    const other = await createActor(app, 'ADMIN');
    const answers = await Promise.all([
      reply(admin, `/ban ${other.id} взаимная блокировка администраторов`),
      reply(other, `/ban ${admin.id} взаимная блокировка администраторов`),
    ]);
    // Exactly one ban goes through; the other is refused as the last admin's ban, or (when the bot took the updates
    // one after the other) as a command from an admin who is banned by then.
    expect(answers.filter((text) => text.includes('заблокирован.\nПричина: взаимная блокировка администраторов'))).toHaveLength(1);
    expect([(await userRow(admin.id)).is_banned, (await userRow(other.id)).is_banned].filter(Boolean)).toHaveLength(1);
  });
});

describe('/role', () => {
  it('changes the role, and the user is told', async () => {
    const id = await createMember(em());
    expect(await reply(admin, `/role ${id} moderator`)).toBe(`Роль пользователя #${id}: модератор.`);
    expect((await userRow(id)).role).toBe('MODERATOR');
    expect((await toldUser(id)).params.text).toBe(ROLE_TEXTS.MODERATOR.text);
    expect(await reply(admin, `/role ${id} MODERATOR`)).toBe(`У пользователя #${id} уже роль: модератор.`);
  });

  it('answers a bare /ban ID with the usage that names the required reason, and bans nobody', async () => {
    const id = await createMember(em());
    expect(ADMIN_USAGE.ban).toContain('/ban ID причина');
    expect(await reply(admin, `/ban ${id}`)).toBe(ADMIN_USAGE.ban);
    expect((await userRow(id)).is_banned).toBe(false);
  });

  it('explains the usage for bad arguments and keeps the last admin', async () => {
    for (const args of ['', '5', '5 OWNER', 'abc ADMIN']) expect(await reply(admin, `/role ${args}`)).toBe(ADMIN_USAGE.role);
    expect(await reply(admin, `/role ${admin.id} USER`)).toBe('Нельзя снять роль или удалить последнего администратора');
    expect((await userRow(admin.id)).role).toBe('ADMIN');
    expect(await reply(admin, '/role 123 USER')).toBe('Пользователь не найден');
  });
});
