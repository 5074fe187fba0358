import type { EntityManager } from '@mikro-orm/postgresql';
import { claimNotificationSlot } from '../../db/notifications/throttle';
import { wantsNotification } from '../../db/privacy/notification-settings';
import { openAppKeyboard } from '../keyboards/open-app';
import { everyOne } from './delivery';
import type { NotificationDispatcher } from './dispatcher';
import type { NotificationDeps } from './notification-deps';

const NEW_MESSAGE_WINDOW_MS = 5 * 60_000;
// Neutral: no name, no text of the message (it can be read on a lock screen, AMENDMENTS §1.7).
export const NEW_MESSAGE_TEXT = 'У вас новое сообщение. Откройте приложение, чтобы прочитать.';

/**
 * A new message reaches a member who has no open socket (any screen of the mini app counts as online)
 * through the bot: at most one note per chat per 5 minutes, with a button into that chat.
 */
export function subscribeMessageNotifications(events: NotificationDispatcher, deps: NotificationDeps): void {
  const isOnline = deps.isOnline ?? (() => false);
  events.on('message.created', async ({ message, memberIds }, delivery) => {
    const { chatId, senderId } = message;
    const keyboard = openAppKeyboard(deps.publicUrl, { text: 'Открыть чат', route: `/messages/${chatId}` });
    await everyOne(memberIds, async (userId) => {
      if (userId === senderId || isOnline(userId)) return;
      if (!(await wantsNotification(deps.orm.em.fork(), userId, 'messages'))) return;
      const decide = (em: EntityManager) =>
        claimNotificationSlot(em, { userId, kind: 'new_message', key: String(chatId), windowMs: NEW_MESSAGE_WINDOW_MS });
      await delivery.once(userId, 'new_message', () => deps.api.sendMessage(userId, NEW_MESSAGE_TEXT, { reply_markup: keyboard }), {
        decide,
      });
    });
  });
}
