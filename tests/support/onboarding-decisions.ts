import type { EntityManager } from '@mikro-orm/postgresql';
import type { Decision } from '../../contracts/moderation';
import { EventBus } from '../../db/events/event-bus';
import { createLogger } from '../../platform/logger';
import { decideItem } from '../../db/moderation/item-decisions.service';
import { ModerationItem } from '../../db/moderation/moderation-item.entity';

type OnboardingStage = 'base' | 'description';
const TYPES = { base: 'INITIAL', description: 'PROFILE_DESCRIPTION' } as const;

/**
 * Decides the user's pending onboarding stage through decideItem, as the panel and the bot do (row lock, effects,
 * audit, events). `reviewerId` is the moderator deciding (a moderator whose row need not exist). `bus` receives the
 * decision's explicit events; what the flush derives goes to whichever bus the ORM publishes on.
 */
export async function decideStage(
  em: EntityManager,
  userId: number,
  stage: OnboardingStage,
  decision: { status: Decision; reason?: string; reviewerId?: number; bus?: EventBus },
): Promise<ModerationItem> {
  const item = await em.findOneOrFail(ModerationItem, { userId, type: TYPES[stage], status: 'PENDING' }, { orderBy: { id: 'desc' } });
  const moderator = { telegramId: decision.reviewerId ?? 1, role: 'MODERATOR', isBanned: false } as const;
  const bus = decision.bus ?? new EventBus(createLogger('silent'));
  return decideItem(em, bus, moderator, {
    itemId: item.id,
    version: item.version,
    status: decision.status,
    reason: decision.reason ?? null,
    from: 'panel',
  });
}

/** INITIAL approved: the user goes on to the description stage. */
export const approveBase = (em: EntityManager, userId: number, reviewerId?: number) =>
  decideStage(em, userId, 'base', { status: 'APPROVED', ...(reviewerId === undefined ? {} : { reviewerId }) });

/** PROFILE_DESCRIPTION approved: the profile is fully approved. */
export const approveDescription = (em: EntityManager, userId: number, reviewerId?: number) =>
  decideStage(em, userId, 'description', { status: 'APPROVED', ...(reviewerId === undefined ? {} : { reviewerId }) });
