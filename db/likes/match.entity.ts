import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { Chat } from '../chats/chat.entity';
import { User } from '../users/user.entity';

/** A mutual like, stored once per pair (userLow < userHigh). */
export const Match = defineEntity({
  name: 'Match',
  tableName: 'matches',
  properties: (p) => ({
    userLow: p.manyToOne(User).primary().mapToPk().deleteRule('cascade').fieldName('user_low_id'),
    userHigh: p.manyToOne(User).primary().mapToPk().deleteRule('cascade').fieldName('user_high_id').index(),
    matchedAt: p.datetime().onCreate(() => new Date()),
    chat: p.manyToOne(Chat).mapToPk().deleteRule('cascade').updateRule('cascade').fieldName('chat_id'),
  }),
  checks: [{ name: 'matches_ordered_pair_check', expression: 'user_low_id < user_high_id' }],
});

export type Match = InferEntity<typeof Match>;
