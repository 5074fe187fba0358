import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { User } from '../users/user.entity';

const LIKE_KINDS = ['LIKE', 'DISLIKE'] as const;
export type LikeKind = (typeof LIKE_KINDS)[number];

/** One swipe from one user on another; the pair is the key, so the same like twice is one like. */
export const Like = defineEntity({
  name: 'Like',
  tableName: 'likes',
  properties: (p) => ({
    from: p.manyToOne(User).primary().mapToPk().deleteRule('cascade').fieldName('from_id'),
    to: p.manyToOne(User).primary().mapToPk().deleteRule('cascade').fieldName('to_id'),
    kind: p.enum([...LIKE_KINDS]),
    createdAt: p.datetime().onCreate(() => new Date()),
    // When the receiver was shown this like (unread counter).
    seenAt: p.datetime().nullable(),
    // Whether the receiver has swiped the sender (liked or disliked them back): kept by swipe and clear-old.
    answered: p.boolean().default(false),
  }),
  indexes: [
    { name: 'likes_to_kind_created_index', properties: ['to', 'kind', 'createdAt'] },
    // Likes still waiting for the receiver's answer, newest first: the liked-me pick and the likes screen.
    {
      name: 'likes_pending_index',
      expression: `create index "likes_pending_index" on "likes" ("to_id", "created_at" desc) include ("from_id") where kind = 'LIKE' and not answered`,
    },
  ],
});

export type Like = InferEntity<typeof Like>;
