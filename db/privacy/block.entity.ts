import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { User } from '../users/user.entity';

/** A blacklist entry; it hides both users from each other everywhere (AMENDMENTS §3 Blocking). */
export const Block = defineEntity({
  name: 'Block',
  tableName: 'blocks',
  properties: (p) => ({
    blocker: p.manyToOne(User).primary().mapToPk().deleteRule('cascade').joinColumn('blocker_id'),
    blocked: p.manyToOne(User).primary().mapToPk().deleteRule('cascade').joinColumn('blocked_id').index(),
    createdAt: p.datetime().onCreate(() => new Date()),
  }),
});

export type Block = InferEntity<typeof Block>;
