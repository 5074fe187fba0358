import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { User } from '../users/user.entity';

export const LIKE_KINDS = ['LIKE', 'DISLIKE'] as const;
export type LikeKind = (typeof LIKE_KINDS)[number];

/** One swipe from one user on another; the pair is the key, so the same like twice is one like. */
export const Like = defineEntity({
  name: 'Like',
  tableName: 'likes',
  properties: (p) => ({
    from: p.manyToOne(User).primary().mapToPk().deleteRule('cascade').joinColumn('from_id'),
    to: p.manyToOne(User).primary().mapToPk().deleteRule('cascade').joinColumn('to_id'),
    kind: p.enum([...LIKE_KINDS]),
    createdAt: p.datetime().onCreate(() => new Date()),
    // When the receiver was shown this like (unread counter).
    seenAt: p.datetime().nullable(),
  }),
  indexes: [{ name: 'likes_to_kind_created_index', properties: ['to', 'kind', 'createdAt'] }],
});

export type Like = InferEntity<typeof Like>;
