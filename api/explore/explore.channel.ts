import { matchViewOf } from '../../db/likes/match-view';
import type { EventBus } from '../../db/events/event-bus';
import { swipe } from '../../db/likes/likes.service';
import { nextCardSchema, swipeTargetSchema } from '../../contracts/likes';
import { countingMisses } from '../middleware/lookup-misses';
import type { RateLimiters } from '../middleware/rate-limits';
import type { Metrics } from '../../platform/metrics/metrics';
import type { ChannelHandler } from '../realtime/channels';
import { nextCard } from './next-card';
import type { Viewer } from '../../db/matching/viewer';

// Every third request on a socket offers someone who already liked the viewer, when there is one.
const LIKED_ME_EVERY = 3;

/** ch:'explore' — {t:'next', data:{skip?}} → profile (card or null); {t:'like'|'dislike'} → ack (+ match). */
export function createExploreChannel(deps: { bus: EventBus; limits: RateLimiters; metrics: Metrics }): ChannelHandler {
  const requests = new WeakMap<object, number>();
  // The viewer's facts each socket's last card was found with: its next card's walk checks them instead of reading
  // the viewer's row again (nextCard's `known`, issue 42).
  const viewers = new WeakMap<object, Viewer>();
  return async ({ em, user, socket, message, reply }) => {
    if (message.t === 'next') {
      const n = (requests.get(socket) ?? 0) + 1;
      requests.set(socket, n);
      const { skip } = nextCardSchema.parse(message.data ?? {});
      const started = performance.now();
      const { card, viewer } = await nextCard(em, user.telegramId, {
        preferLikedMe: n % LIKED_ME_EVERY === 1,
        skip,
        known: viewers.get(socket),
      });
      viewers.set(socket, viewer);
      deps.metrics.feedRequest('socket', (performance.now() - started) / 1000);
      return reply('profile', card);
    }
    if (message.t === 'like' || message.t === 'dislike') {
      const { targetUserId } = swipeTargetSchema.parse(message.data);
      if (message.t === 'like') await deps.limits.likes.hit(user.telegramId);
      const kind = message.t === 'like' ? 'LIKE' : 'DISLIKE';
      const result = await countingMisses(deps.limits.lookupMisses, user.telegramId, () =>
        swipe(em, deps.bus, { fromId: user.telegramId, toId: targetUserId, kind }),
      );
      reply('ack', { cid: message.cid ?? null });
      if (result.chatId !== null) reply('match', await matchViewOf(em, user.telegramId, targetUserId, result.chatId));
      return undefined;
    }
    return reply('error', { message: 'Неизвестный запрос' });
  };
}
