import { reasonInWords } from '../../contracts/discrepancy';
import type { ModerationType } from '../../contracts/moderation';
import { wantsNotification } from '../../db/privacy/notification-settings';
import { User } from '../../db/users/user.entity';
import { openAppKeyboard } from '../keyboards/open-app';
import type { NotificationDispatcher } from './dispatcher';
import type { NotificationDeps } from './notification-deps';

// Neutral words only (AMENDMENTS §1.7): these can be read on a lock screen.
export const OUTCOME_TEXTS: Record<ModerationType, { approved: string; refused: string; route: string }> = {
  INITIAL: {
    approved: 'Анкета одобрена! Остался последний шаг — расскажите немного о себе.',
    refused: 'Анкету нужно поправить.',
    route: '/',
  },
  PROFILE_DESCRIPTION: {
    approved: 'Анкета прошла проверку и теперь видна другим. Добро пожаловать!',
    refused: 'Описание анкеты нужно поправить.',
    route: '/',
  },
  PROFILE_EDIT: { approved: 'Изменения в анкете одобрены.', refused: 'Изменения в анкете не приняты.', route: '/my-profile' },
  PHOTOS: { approved: 'Новые фото одобрены.', refused: 'Новые фото не приняты.', route: '/my-profile' },
};
export const BANNED_TEXT = 'Доступ к приложению ограничен.';

/** The moderator's comment with the flagged fields as words ('Фото: …'); the orientation is never named on a lock screen. */
const comment = (reason: string | null) => (reason ? `\nКомментарий модератора: ${reasonInWords(reason, ['gender'])}` : '');

/** The user hears each decision (unless switched off on /notifications), and a ban with its reason. */
export function subscribeModerationOutcomes(events: NotificationDispatcher, deps: NotificationDeps): void {
  events.on('moderation.decided', async ({ userId, type, status, reason }, delivery) => {
    const em = deps.orm.em.fork();
    const user = await em.findOne(User, { telegramId: userId });
    // A rejection with a ban is told by the ban notice alone.
    if (!user || user.isBanned || !(await wantsNotification(em, userId, 'moderation'))) return;
    const texts = OUTCOME_TEXTS[type];
    const text = status === 'APPROVED' ? texts.approved : `${texts.refused}${comment(reason)}`;
    const keyboard = openAppKeyboard(deps.publicUrl, { route: texts.route });
    await delivery.once(userId, 'outcome', () => deps.api.sendMessage(userId, text, { reply_markup: keyboard }));
  });
  events.on('user.banned', async ({ userId, reason }, delivery) => {
    if (!(await wantsNotification(deps.orm.em.fork(), userId, 'moderation'))) return;
    await delivery.once(userId, 'banned', () => deps.api.sendMessage(userId, `${BANNED_TEXT}${reason ? `\nПричина: ${reason}` : ''}`));
  });
}
