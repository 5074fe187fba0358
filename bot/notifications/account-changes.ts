import type { RoleName } from '../../contracts/user';
import { wantsNotification } from '../../db/privacy/notification-settings';
import { openAppKeyboard } from '../keyboards/open-app';
import type { NotificationDispatcher } from './dispatcher';
import type { NotificationDeps } from './notification-deps';

// Neutral words only (AMENDMENTS §1.7): these can be read on a lock screen.
export const UNBANNED_TEXT = 'Доступ к приложению восстановлен.';
export const ROLE_TEXTS: Record<RoleName, { text: string; route: string }> = {
  USER: { text: 'Ваша роль в приложении изменена: пользователь.', route: '/' },
  MODERATOR: { text: 'Ваша роль в приложении изменена: модератор. Панель модерации доступна в приложении.', route: '/moderation' },
  ADMIN: { text: 'Ваша роль в приложении изменена: администратор. Панель администратора доступна в приложении.', route: '/admin' },
};

/** Unban and role change reach the user through the bot, unless they switched account notices off (the 'moderation' switch, like bans). */
export function subscribeAccountChanges(events: NotificationDispatcher, deps: NotificationDeps): void {
  const wants = (userId: number) => wantsNotification(deps.orm.em.fork(), userId, 'moderation');
  events.on('user.unbanned', async ({ userId }, delivery) => {
    if (!(await wants(userId))) return;
    await delivery.once(userId, 'unbanned', () =>
      deps.api.sendMessage(userId, UNBANNED_TEXT, { reply_markup: openAppKeyboard(deps.publicUrl) }),
    );
  });
  events.on('user.role_changed', async ({ userId, role }, delivery) => {
    if (!(await wants(userId))) return;
    const { text, route } = ROLE_TEXTS[role];
    await delivery.once(userId, 'role', () =>
      deps.api.sendMessage(userId, text, { reply_markup: openAppKeyboard(deps.publicUrl, { route }) }),
    );
  });
}
