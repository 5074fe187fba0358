import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { MODERATION_TYPES, type ModerationType } from '../../contracts/moderation';
import { MODERATION_STATUSES } from '../../contracts/profile';

export type { ModerationType };

/** Something waiting for (or decided by) a moderator. Keeps the Telegram id only, so it outlives the account. */
export const ModerationItem = defineEntity({
  name: 'ModerationItem',
  tableName: 'moderation_items',
  properties: (p) => ({
    id: p.bigint('number').primary(),
    userId: p.bigint('number').index(),
    type: p.enum([...MODERATION_TYPES]),
    status: p.enum([...MODERATION_STATUSES]).default('PENDING'),
    payload: p.json<Record<string, unknown>>().default('{}'),
    // Bumped on every change of a pending item: a decision names the version the moderator saw.
    version: p.integer().default(1),
    reason: p.text().nullable(),
    reviewerId: p.bigint('number').nullable(),
    resolvedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  }),
  indexes: [{ properties: ['status', 'type', 'createdAt'] }],
});

export type ModerationItem = InferEntity<typeof ModerationItem>;
