import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { User } from '../users/user.entity';

/**
 * How far the viewer's feed has walked one place (placeId 0: the "anywhere" walk), so the next query starts
 * there instead of skipping every profile already swiped (db/explore/feed-cursors.ts has the rules).
 * Written only by the feed query; never read by anything else.
 */
export const FeedCursor = defineEntity({
  name: 'FeedCursor',
  tableName: 'feed_cursors',
  properties: (p) => ({
    viewer: p.manyToOne(User).primary().mapToPk().deleteRule('cascade').updateRule('cascade').fieldName('viewer_id'),
    placeId: p.integer().primary(),
    // The viewer's birth-date band when the walk was made; another band means another walk.
    bandFrom: p.date(),
    bandTo: p.date(),
    // Every candidate more recently active than this (up to computedAt) was swiped or not shown; -infinity: all of them.
    activeAt: p.datetime(),
    computedAt: p.datetime(),
  }),
});

export type FeedCursor = InferEntity<typeof FeedCursor>;

/**
 * When something made already-walked profiles showable to this viewer again (unblock, cleared likes): older
 * cursors are void. Written by triggers (for viewers that still exist: an account's deletion cascades into its
 * likes and blocks after its row is gone), hence no foreign key.
 */
export const FeedReset = defineEntity({
  name: 'FeedReset',
  tableName: 'feed_resets',
  properties: (p) => ({
    viewerId: p.bigint('number').primary().autoincrement(false),
    resetAt: p.datetime(),
  }),
});

export type FeedReset = InferEntity<typeof FeedReset>;
