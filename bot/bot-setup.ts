import type { Api } from 'grammy';
import type { BotCommand } from 'grammy/types';
import type { EventBus } from '../db/events/event-bus';
import type { Logger } from '../platform/logger';
import type { Orm } from '../db/orm';
import { User } from '../db/users/user.entity';

/** What everyone sees in the command menu. */
const USER_COMMANDS: BotCommand[] = [{ command: 'start', description: 'Открыть приложение' }];

/** An admin's own chat adds the admin commands (AMENDMENTS §3); a chat scope replaces the default list, so /start stays. */
const ADMIN_COMMANDS: BotCommand[] = [
  ...USER_COMMANDS,
  { command: 'stats', description: 'Статистика' },
  { command: 'ban', description: 'Заблокировать: /ban ID причина' },
  { command: 'unban', description: 'Разблокировать: /unban ID' },
  { command: 'role', description: 'Роль: /role ID USER|MODERATOR|ADMIN' },
  { command: 'admin', description: 'Открыть панель администратора' },
];

export interface BotSetupDeps {
  publicUrl: string;
  orm: Orm;
  logger: Logger;
}

const chatScope = (userId: number) => ({ type: 'chat' as const, chat_id: userId });

/** One admin's chat gets the admin commands; an admin who never wrote to the bot has no chat yet (logged, not fatal). */
async function grantAdminCommands(api: Api, userId: number, logger: Logger): Promise<void> {
  await api
    .setMyCommands(ADMIN_COMMANDS, { scope: chatScope(userId) })
    .catch((err: unknown) => logger.warn('admin commands not set', { userId, err }));
}

/** A demoted admin's chat falls back to the default list. */
async function revokeAdminCommands(api: Api, userId: number, logger: Logger): Promise<void> {
  await api
    .deleteMyCommands({ scope: chatScope(userId) })
    .catch((err: unknown) => logger.warn('admin commands not removed', { userId, err }));
}

/**
 * Menu button and command lists, in long polling and webhook mode alike. Throws when Telegram cannot be reached
 * (the caller retries); one admin's chat failing does not.
 */
export async function setUpBot(api: Api, deps: BotSetupDeps): Promise<void> {
  await api.setChatMenuButton({ menu_button: { type: 'web_app', text: 'Открыть', web_app: { url: `${deps.publicUrl}/` } } });
  await api.setMyCommands(USER_COMMANDS);
  const admins = await deps.orm.em.fork().find(User, { role: 'ADMIN' }, { fields: ['telegramId'] });
  for (const admin of admins) await grantAdminCommands(api, admin.telegramId, deps.logger);
}

/** Keeps the admins' command lists in step with role changes (from any process through the bus); returns the unsubscribe. */
export function keepAdminCommands(bus: EventBus, api: Api, logger: Logger): () => void {
  return bus.on('user.role_changed', async ({ userId, role, previousRole }) => {
    if (role === 'ADMIN') await grantAdminCommands(api, userId, logger);
    else if (previousRole === 'ADMIN') await revokeAdminCommands(api, userId, logger);
  });
}
