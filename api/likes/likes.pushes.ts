import type { EventBus } from '../../db/events/event-bus';
import { SOCKET_PATHS } from '../../contracts/realtime';
import type { Hub } from '../realtime/hub';

/** Live pushes on /ws/likes: a new like raises the notice; a match reaches the other side as a toast. */
export function subscribeLikesPushes(hub: Hub, bus: EventBus): () => void {
  const offLike = bus.on('like.created', ({ toId }) => {
    hub.sendToUser(toId, { ch: 'likes', t: 'new_like', data: {} }, SOCKET_PATHS.likes);
  });
  const offMatch = bus.on('match.created', ({ userIds, chatId }) => {
    const [a, b] = userIds;
    hub.sendToUser(a, { ch: 'explore', t: 'match', data: { chatId: String(chatId), userId: String(b) } }, SOCKET_PATHS.likes);
    hub.sendToUser(b, { ch: 'explore', t: 'match', data: { chatId: String(chatId), userId: String(a) } }, SOCKET_PATHS.likes);
  });
  return () => {
    offLike();
    offMatch();
  };
}
