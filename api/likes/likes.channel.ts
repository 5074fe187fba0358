import { matchViewOf } from '../../db/likes/match-view';
import type { EventBus } from '../../db/events/event-bus';
import { swipe } from '../../db/likes/likes.service';
import { markLikeSeen, receivedLikesPage } from '../../db/likes/received-likes.repository';
import { likesHistoryPage } from '../../db/likes/likes-history.repository';
import { loadViewer } from '../../db/matching/viewer';
import { loadProfileCards } from '../../db/profiles/profile-cards';
import { likeActionSchema, likesPageSchema, swipeTargetSchema } from '../../contracts/likes';
import { countingMisses } from '../middleware/lookup-misses';
import type { RateLimiters } from '../middleware/rate-limits';
import type { ChannelContext, ChannelHandler } from '../realtime/channels';

async function receivedLikes({ em, user, message, reply }: ChannelContext): Promise<void> {
  const { page, limit } = likesPageSchema.parse(message.data ?? {});
  const viewer = await loadViewer(em, user.telegramId);
  const { likes, hasNext } = await receivedLikesPage(em, viewer, page, limit);
  const cards = await loadProfileCards(
    em,
    likes.map((l) => l.userId),
  );
  const data = likes.flatMap((l) => {
    const card = cards.get(l.userId);
    return card ? [{ ...card, likedAt: new Date(l.likedAt).toISOString(), seen: l.seen }] : [];
  });
  // An empty first page says whether likes ever came and how many became matches ('Новых лайков нет').
  const counts = data.length === 0 && page === 1 ? await likeCounts(em, viewer) : undefined;
  reply('received_likes', {
    likes: data,
    page,
    hasNext,
    ...(counts && { counts: { received: counts.received, matches: counts.matches } }),
  });
}

async function likeCounts(em: ChannelContext['em'], viewer: Awaited<ReturnType<typeof loadViewer>>) {
  const h = await likesHistoryPage(em, viewer, 'matched', 1, 1);
  return { received: h.receivedLikesCount, sent: h.myLikesCount, matches: h.matchedCount };
}

async function sentLikes({ em, user, message, reply }: ChannelContext): Promise<void> {
  const { page, limit } = likesPageSchema.parse(message.data ?? {});
  const viewer = await loadViewer(em, user.telegramId);
  const history = await likesHistoryPage(em, viewer, 'my-likes', page, limit);
  reply('sent_likes', { likes: history.likes, page, hasNext: history.pagination.hasNext });
}

async function stats({ em, user, reply }: ChannelContext): Promise<void> {
  reply('stats', await likeCounts(em, await loadViewer(em, user.telegramId)));
}

/** ch:'likes' on /ws/likes: get_received, get_sent, get_stats, seen (a like shown on screen), action. */
export function createLikesChannel(deps: { bus: EventBus; limits: RateLimiters }): ChannelHandler {
  return async (ctx) => {
    const { em, user, message, reply } = ctx;
    switch (message.t) {
      case 'get_received':
        return receivedLikes(ctx);
      case 'get_sent':
        return sentLikes(ctx);
      case 'get_stats':
        return stats(ctx);
      case 'seen': {
        const { targetUserId } = swipeTargetSchema.parse(message.data);
        await markLikeSeen(em, user.telegramId, targetUserId);
        return reply('seen_ok', { targetUserId: String(targetUserId) });
      }
      case 'action': {
        const { targetUserId, action } = likeActionSchema.parse(message.data);
        if (action === 'like') await deps.limits.likes.hit(user.telegramId);
        const kind = action === 'like' ? 'LIKE' : 'DISLIKE';
        const result = await countingMisses(deps.limits.lookupMisses, user.telegramId, () =>
          swipe(em, deps.bus, { fromId: user.telegramId, toId: targetUserId, kind }),
        );
        reply('action_success', { targetUserId: String(targetUserId), action });
        if (result.chatId !== null) reply('match', await matchViewOf(em, user.telegramId, targetUserId, result.chatId));
        return undefined;
      }
      default:
        return reply('error', { message: 'Неизвестный запрос' });
    }
  };
}
