import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { User } from '../users/user.entity';

/**
 * A blacklist entry; it hides both users from each other everywhere (AMENDMENTS §3 Blocking). It goes with the
 * blocker's account but not with the blocked one's: kept by Telegram id, it still holds if that person signs up again.
 */
export const Block = defineEntity({
  name: 'Block',
  tableName: 'blocks',
  properties: (p) => ({
    blocker: p.manyToOne(User).primary().mapToPk().deleteRule('cascade').updateRule('cascade').fieldName('blocker_id'),
    blocked: p.bigint('number').primary().autoincrement(false).fieldName('blocked_id').index(),
    createdAt: p.datetime().onCreate(() => new Date()),
  }),
});

export type Block = InferEntity<typeof Block>;
