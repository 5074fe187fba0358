import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { User } from '../users/user.entity';

/** When the user last took back a dislike: a swipe older than that cannot be taken back (one step only). */
export const SwipeUndo = defineEntity({
  name: 'SwipeUndo',
  tableName: 'swipe_undos',
  properties: (p) => ({
    user: p.manyToOne(User).primary().mapToPk().deleteRule('cascade').fieldName('user_id'),
    undoneAt: p.datetime(),
  }),
});

export type SwipeUndo = InferEntity<typeof SwipeUndo>;
