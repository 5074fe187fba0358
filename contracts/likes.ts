import { z } from 'zod';
import { profileCardSchema } from './profile-card';

const LIKE_ACTIONS = ['like', 'dislike'] as const;
const HISTORY_FILTERS = ['received-likes', 'my-likes', 'matched', 'unmatched'] as const;
export type HistoryFilter = (typeof HISTORY_FILTERS)[number];

export const LIKES_MESSAGES = {
  badTarget: 'Не указана анкета',
  badAction: 'Неизвестное действие',
  badFilter: `Фильтр: ${HISTORY_FILTERS.join(', ')}`,
  cleared: (n: number) => `Удалено старых лайков: ${n}`,
} as const;

const userIdSchema = z
  .union(
    [
      z.string().regex(/^\d{1,15}$/, LIKES_MESSAGES.badTarget),
      z.number({ error: LIKES_MESSAGES.badTarget }).int(LIKES_MESSAGES.badTarget).positive(LIKES_MESSAGES.badTarget),
    ],
    { error: LIKES_MESSAGES.badTarget },
  )
  .transform(Number);

/** explore: {t:'like'|'dislike', data:{targetUserId}} and likes: {t:'action', data:{targetUserId, action}}. */
export const swipeTargetSchema = z.object({ targetUserId: userIdSchema });
/** explore {t:'next', data:{skip?}}: skip is the card on screen, so a look-ahead returns the one after it. */
export const nextCardSchema = z.object({ skip: userIdSchema.optional() });
export const likeActionSchema = z.object({ targetUserId: userIdSchema, action: z.enum(LIKE_ACTIONS, { error: LIKES_MESSAGES.badAction }) });

export const UNDO_MESSAGES = {
  nothing: 'Нечего возвращать',
  onlyLast: 'Вернуть можно только последнюю анкету',
  notDislike: 'Вернуть можно только дизлайк',
} as const;

/** POST /api/explore/undo {targetUserId}: the last dislike is taken back and its card comes back. */
export const undoDislikeBodySchema = z.object({ targetUserId: userIdSchema });
export const undoDislikeResponseSchema = z.object({ ok: z.literal(true), card: profileCardSchema });
export type UndoDislikeResponse = z.infer<typeof undoDislikeResponseSchema>;

/** The `match` reply to the swipe that made it: what the full-screen match view shows. */
export const matchViewSchema = z.object({
  chatId: z.string().min(1),
  userId: z.string(),
  peerName: z.string().nullable(),
  peerPhotoUrl: z.string().nullable(),
  myPhotoUrl: z.string().nullable(),
});
export type MatchView = z.infer<typeof matchViewSchema>;

const pageSchema = z.coerce.number().int().min(1).max(10_000).catch(1);
const limitSchema = z.coerce.number().int().min(1).max(50).catch(20);
export const likesPageSchema = z.object({ page: pageSchema.default(1), limit: limitSchema.default(20) }).default({ page: 1, limit: 20 });

export const historyQuerySchema = z.object({
  filter: z.enum(HISTORY_FILTERS, { error: LIKES_MESSAGES.badFilter }).default('received-likes'),
  page: pageSchema.default(1),
  limit: limitSchema.default(20),
});

/** A received like on the likes screen: the liker's card and when they liked. */
export const receivedLikeSchema = profileCardSchema.extend({ likedAt: z.string(), seen: z.boolean().default(false) });
export type ReceivedLike = z.infer<typeof receivedLikeSchema>;

const historyItemSchema = z.object({
  id: z.string(),
  userId: z.string(),
  // No Telegram @username: it is never shown to other users (AMENDMENTS §4.3).
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  displayName: z.string().nullable(),
  photoUrl: z.string().nullable(),
  likedAt: z.string(),
  isMatched: z.boolean(),
  matchedAt: z.string().nullable(),
  isMyLike: z.boolean(),
  /** A received like: the viewer was shown it; one's own like: the other side was. */
  isSeen: z.boolean(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const historyResponseSchema = z.object({
  ok: z.literal(true),
  likes: z.array(historyItemSchema),
  totalCount: z.number(),
  myLikesCount: z.number(),
  receivedLikesCount: z.number(),
  matchedCount: z.number(),
  unmatchedCount: z.number(),
  pagination: z.object({ page: z.number(), limit: z.number(), hasNext: z.boolean() }),
});
export type HistoryResponse = z.infer<typeof historyResponseSchema>;
