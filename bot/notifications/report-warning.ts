import { User } from '../../db/users/user.entity';
import type { NotificationDispatcher } from './dispatcher';
import type { NotificationDeps } from './notification-deps';

// Neutral words only (AMENDMENTS §1.7): it can be read on a lock screen.
export const WARNING_TEXT =
  'Предупреждение от модераторов: жалоба на вас подтверждена. Пожалуйста, соблюдайте правила общения — при повторных нарушениях доступ к приложению будет ограничен.';

/**
 * A report that ended in a warning: the reported user is told once. Not switchable on /notifications (unlike
 * outcomes and likes): a warning that can be silenced warns nobody, and it is sent only by a moderator's decision.
 */
export function subscribeReportWarnings(events: NotificationDispatcher, deps: NotificationDeps): void {
  events.on('report.decided', async ({ reportId, reportedUserId, status }, delivery) => {
    if (status !== 'WARNED') return;
    const user = await deps.orm.em.fork().findOne(User, { telegramId: reportedUserId });
    if (!user || user.isBanned) return;
    await delivery.once(reportedUserId, `warning:${reportId}`, () => deps.api.sendMessage(reportedUserId, WARNING_TEXT));
  });
}
