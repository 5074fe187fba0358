/**
 * Runs work for one key at a time, in arrival order (other keys run alongside).
 *
 * The one mechanism that orders a chat's messages on their way out (postMessage queues each chat's
 * insert-and-announce here). PostgreSQL hands out seq under the chat row's lock, so messages commit in seq order;
 * but two answers from the database may be read in either order, and announcing each as its answer came would let
 * seq 2 overtake seq 1. Queued per chat, this process announces them in seq order, and the event bus and each socket
 * keep that order (tests/db/chats/message-order.test.ts fails without the queue).
 * Why not the others it replaced or leaves alone: the reordering buffer that sat before the sockets
 * (api/chat/in-order-delivery.ts, gone) was redundant for this process's messages, held a message up to 250 ms
 * while a gap lasted, and could not order the first message it saw of a chat. The mini app's merge by seq
 * (webapp/features/chat/lib/conversation-state.ts) is not a delivery order but how history pages, catch-up and live
 * messages are joined; it also shows messages right when two API processes (the Redis relay) announce neighbours
 * of one chat a moment apart in the other order, which no per-process order can prevent.
 */
export class KeyedQueue<K> {
  private readonly tails = new Map<K, Promise<unknown>>();

  run<T>(key: K, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
