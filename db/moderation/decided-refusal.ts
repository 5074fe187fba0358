import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../contracts/errors';
import { alreadyDecidedMessage, personLabel } from '../../contracts/moderation-outcome';
import { User } from '../users/user.entity';

export interface Decided {
  outcome: string;
  reviewerId: number | null;
  resolvedAt: Date | null;
}

/** The label of whoever decided: '@username', a first name, or '#id'. */
export async function reviewerLabel(em: EntityManager, reviewerId: number | null): Promise<string | null> {
  if (!reviewerId) return null;
  const reviewer = await em.findOne(User, { telegramId: reviewerId });
  return personLabel(reviewer, reviewerId);
}

/** 409 for a second decision, naming who decided and when (the first decision wins). */
export async function alreadyDecided(em: EntityManager, decided: Decided): Promise<AppError> {
  const label = await reviewerLabel(em, decided.reviewerId);
  const message = alreadyDecidedMessage({ outcome: decided.outcome, reviewerLabel: label, resolvedAt: decided.resolvedAt });
  return new AppError('CONFLICT', message, {
    decision: decided.outcome,
    decidedBy: label,
    decidedAt: decided.resolvedAt?.toISOString() ?? null,
  });
}
