import type { UserDetails } from '../../../../contracts/admin';
import { DECISION_LABELS } from '../../../../contracts/moderation';
import { ListRow, ListSection } from '../../../components/ui/list-section';
import { dateTimeText } from '../lib/format';

const STATUS_LABELS: Record<string, string> = { PENDING: 'Ожидает проверки', ...DECISION_LABELS };

/** The first review of the profile: status, reason, date and who decided; a link to the queue while it is not approved. */
export function InitialReviewSection({ details }: { details: UserDetails }) {
  const review = details.initialReview;
  const status = review?.status ?? details.profile?.initialModerationStatus ?? null;
  if (!status) return null;
  const link = `/admin/profiles?userId=${details.user.telegramId}&type=INITIAL&status=PENDING`;
  return (
    <ListSection title="Первичная модерация">
      <ListRow label="Статус" value={STATUS_LABELS[status] ?? status} testId="initial-status" />
      {review?.reason && <ListRow label="Причина" hint={review.reason} />}
      <ListRow label="Дата решения" value={dateTimeText(review?.resolvedAt)} />
      {review?.reviewer && <ListRow label="Модератор" value={review.reviewer.label} />}
      {status !== 'APPROVED' && <ListRow icon="cards" label="Открыть в модерации" to={link} testId="initial-review-link" />}
    </ListSection>
  );
}
