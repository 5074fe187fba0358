import type { EntityManager } from '@mikro-orm/postgresql';
import { isLikeWaiting } from '../../db/likes/received-likes.repository';
import { claimNotificationSlot } from '../../db/notifications/throttle';
import { wantsNotification } from '../../db/privacy/notification-settings';
import { openAppKeyboard } from '../keyboards/open-app';
import { everyOne } from './delivery';
import type { NotificationDispatcher } from './dispatcher';
import type { NotificationDeps } from './notification-deps';

const NEW_LIKE_WINDOW_MS = 5 * 60_000;
// Neutral words only: these can be read on a lock screen (AMENDMENTS §1.7).
export const NEW_LIKE_TEXT = 'Кто-то отметил вашу анкету. Загляните в приложение!';
export const MATCH_TEXT = 'У вас новое взаимное знакомство! Откройте чат, чтобы поздороваться.';

/** A new like (at most one note per receiver per 5 minutes) and a match (to both) reach the users through the bot. */
export function subscribeLikeNotifications(events: NotificationDispatcher, deps: NotificationDeps): void {
  events.on('like.created', async ({ fromId, toId }, delivery) => {
    const em = deps.orm.em.fork();
    // A like that no longer reaches its receiver (a filter changed, a block, a ban) tells them nothing.
    if (!(await isLikeWaiting(em, toId, fromId)) || !(await wantsNotification(em, toId, 'likes'))) return;
    const decide = (em: EntityManager) => claimNotificationSlot(em, { userId: toId, kind: 'new_like', windowMs: NEW_LIKE_WINDOW_MS });
    const keyboard = openAppKeyboard(deps.publicUrl, { text: 'Посмотреть', route: '/likes' });
    await delivery.once(toId, 'new_like', () => deps.api.sendMessage(toId, NEW_LIKE_TEXT, { reply_markup: keyboard }), { decide });
  });
  events.on('match.created', async ({ userIds, chatId }, delivery) => {
    const keyboard = openAppKeyboard(deps.publicUrl, { text: 'Открыть чат', route: `/messages/${chatId}` });
    await everyOne(userIds, async (id) => {
      if (await wantsNotification(deps.orm.em.fork(), id, 'matches'))
        await delivery.once(id, 'match', () => deps.api.sendMessage(id, MATCH_TEXT, { reply_markup: keyboard }));
    });
  });
}
