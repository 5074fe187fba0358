import { claimNotificationSlot } from '../../db/notifications/throttle';
import { wantsNotification } from '../../db/privacy/notification-preferences';
import { openAppKeyboard } from '../keyboards/open-app';
import type { NotificationDeps } from './likes';
import { sendSafely } from './send-safely';

export const NEW_MESSAGE_WINDOW_MS = 5 * 60_000;
// Neutral: no name, no text of the message (it can be read on a lock screen, AMENDMENTS §1.7).
export const NEW_MESSAGE_TEXT = 'У вас новое сообщение. Откройте приложение, чтобы прочитать.';

/**
 * A new message reaches a member who has no open socket (any screen of the mini app counts as online)
 * through the bot: at most one note per chat per 5 minutes, with a button into that chat.
 */
export function subscribeMessageNotifications(deps: NotificationDeps): () => void {
  const isOnline = deps.isOnline ?? (() => false);
  return deps.bus.on('message.created', async ({ message, memberIds }) => {
    const { chatId, senderId } = message;
    for (const userId of memberIds) {
      if (userId === senderId || isOnline(userId)) continue;
      if (!(await wantsNotification(deps.orm.em.fork(), userId, 'messages'))) continue;
      if (!(await claimNotificationSlot(deps.orm.em.fork(), { userId, kind: 'new_message', key: String(chatId), windowMs: NEW_MESSAGE_WINDOW_MS }))) continue;
      await sendSafely(deps.api, deps.logger, userId, NEW_MESSAGE_TEXT, { reply_markup: openAppKeyboard(deps.publicUrl, { text: 'Открыть чат', route: `/messages/${chatId}` }) });
    }
  });
}
