/** How a decision is named to moderators, the same in the panel's 409 and on the bot's posts. */
export const OUTCOME_LABELS: Record<string, string> = {
  APPROVED: 'Одобрено',
  REJECTED: 'Отклонено',
  DISCREPANT: 'Несоответствие',
  BLOCKED: 'Пользователь заблокирован',
  REPORT_REJECTED: 'Жалоба отклонена',
  WARNED: 'Пользователь предупреждён',
  MESSAGE_REMOVED: 'Сообщение удалено',
};

/** A decided report's key of OUTCOME_LABELS (a report's REJECTED is not an item's). */
export const reportOutcome = (status: string) => (status === 'REJECTED' ? 'REPORT_REJECTED' : status);

const TIME = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** '21.11.2026, 14:05 МСК' — moderators work in one time zone. */
const formatDecisionTime = (at: Date | string) => `${TIME.format(new Date(at))} МСК`;

export interface DecisionFacts {
  /** A key of OUTCOME_LABELS. */
  outcome: string;
  reviewerLabel: string | null;
  resolvedAt: Date | string | null;
}

/** 'Одобрено — @moder, 21.11.2026, 14:05 МСК'. */
export function decisionLine({ outcome, reviewerLabel, resolvedAt }: DecisionFacts): string {
  const parts = [reviewerLabel, resolvedAt ? formatDecisionTime(resolvedAt) : null].filter(Boolean);
  return `${OUTCOME_LABELS[outcome] ?? outcome}${parts.length ? ` — ${parts.join(', ')}` : ''}`;
}

/** The refusal of a second decision, naming who decided and when. */
export const alreadyDecidedMessage = (facts: DecisionFacts) => `Уже рассмотрено: ${decisionLine(facts)}`;

/** '@username', else the first name, else '#id'. */
export function personLabel(
  user: { telegramId: number; username?: string | null; firstName?: string | null } | null | undefined,
  fallbackId?: number | null,
): string {
  if (user?.username) return `@${user.username}`;
  if (user?.firstName) return user.firstName;
  const id = user?.telegramId ?? fallbackId;
  return id ? `#${id}` : 'система';
}
