import type { EventBus } from '../../db/events/event-bus';
import { swipe } from '../../db/likes/likes.service';
import { receivedLikesPage } from '../../db/likes/received-likes.repository';
import { likesHistoryPage } from '../../db/likes/likes-history.repository';
import { loadViewer } from '../../db/matching/viewer';
import { loadProfileCards } from '../../db/profiles/profile-cards';
import { likeActionSchema, likesPageSchema } from '../contracts/likes';
import { limiters } from '../middleware/rate-limits';
import type { ChannelContext, ChannelHandler } from '../realtime/channels';

async function receivedLikes({ em, user, message, reply }: ChannelContext): Promise<void> {
  const { page, limit } = likesPageSchema.parse(message.data ?? {});
  const viewer = await loadViewer(em, user.telegramId);
  const { likes, hasNext } = await receivedLikesPage(em, viewer, page, limit);
  const cards = await loadProfileCards(em, likes.map((l) => l.userId));
  const data = likes.flatMap((l) => {
    const card = cards.get(l.userId);
    return card ? [{ ...card, likedAt: new Date(l.likedAt).toISOString() }] : [];
  });
  reply('received_likes', { likes: data, page, hasNext });
}

async function sentLikes({ em, user, message, reply }: ChannelContext): Promise<void> {
  const { page, limit } = likesPageSchema.parse(message.data ?? {});
  const viewer = await loadViewer(em, user.telegramId);
  const history = await likesHistoryPage(em, viewer, 'my-likes', page, limit);
  reply('sent_likes', { likes: history.likes, page, hasNext: history.pagination.hasNext });
}

async function stats({ em, user, reply }: ChannelContext): Promise<void> {
  const viewer = await loadViewer(em, user.telegramId);
  const h = await likesHistoryPage(em, viewer, 'matched', 1, 1);
  reply('stats', { received: h.receivedLikesCount, sent: h.myLikesCount, matches: h.matchedCount });
}

/** ch:'likes' on /ws/likes: get_received, get_sent, get_stats, action. */
export function createLikesChannel(deps: { bus: EventBus }): ChannelHandler {
  return async (ctx) => {
    const { em, user, message, reply } = ctx;
    switch (message.t) {
      case 'get_received':
        return receivedLikes(ctx);
      case 'get_sent':
        return sentLikes(ctx);
      case 'get_stats':
        return stats(ctx);
      case 'action': {
        const { targetUserId, action } = likeActionSchema.parse(message.data);
        if (action === 'like') limiters.likes.hit(user.telegramId);
        const result = await swipe(em, deps.bus, { fromId: user.telegramId, toId: targetUserId, kind: action === 'like' ? 'LIKE' : 'DISLIKE' });
        reply('action_success', { targetUserId: String(targetUserId), action });
        if (result.chatId !== null) reply('match', { chatId: String(result.chatId), userId: String(targetUserId) });
        return undefined;
      }
      default:
        return reply('error', { message: 'Неизвестный запрос' });
    }
  };
}
