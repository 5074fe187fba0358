import type { Api } from 'grammy';
import type { EventBus } from '../../db/events/event-bus';
import type { Logger } from '../../db/logger';
import type { Orm } from '../../db/orm';
import { claimNotificationSlot } from '../../db/notifications/throttle';
import { wantsNotification } from '../../db/privacy/notification-preferences';
import { openAppKeyboard } from '../keyboards/open-app';
import { sendSafely } from './send-safely';

export interface NotificationDeps {
  api: Api;
  orm: Orm;
  bus: EventBus;
  publicUrl: string;
  logger: Logger;
  /** Whether the user has a socket open now (the API's hub, in this process); absent: nobody is. */
  isOnline?: (userId: number) => boolean;
}

export const NEW_LIKE_WINDOW_MS = 5 * 60_000;
// Neutral words only: these can be read on a lock screen (AMENDMENTS §1.7).
export const NEW_LIKE_TEXT = 'Кто-то отметил вашу анкету. Загляните в приложение!';
export const MATCH_TEXT = 'У вас новое взаимное знакомство! Откройте чат, чтобы поздороваться.';

/** A new like (at most one note per receiver per 5 minutes) and a match (to both) reach the users through the bot. */
export function subscribeLikeNotifications(deps: NotificationDeps): () => void {
  const offLike = deps.bus.on('like.created', async ({ toId }) => {
    const em = deps.orm.em.fork();
    if (!(await wantsNotification(em, toId, 'likes'))) return;
    if (!(await claimNotificationSlot(em, { userId: toId, kind: 'new_like', windowMs: NEW_LIKE_WINDOW_MS }))) return;
    await sendSafely(deps.api, deps.logger, toId, NEW_LIKE_TEXT, { reply_markup: openAppKeyboard(deps.publicUrl, { text: 'Посмотреть', route: '/likes' }) });
  });
  const offMatch = deps.bus.on('match.created', async ({ userIds, chatId }) => {
    const keyboard = openAppKeyboard(deps.publicUrl, { text: 'Открыть чат', route: `/messages/${chatId}` });
    const notify = async (id: number) => {
      if (await wantsNotification(deps.orm.em.fork(), id, 'matches')) await sendSafely(deps.api, deps.logger, id, MATCH_TEXT, { reply_markup: keyboard });
    };
    await Promise.all(userIds.map(notify));
  });
  return () => {
    offLike();
    offMatch();
  };
}
