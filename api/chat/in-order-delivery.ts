interface ChatQueue {
  next: number;
  pending: Map<number, () => void>;
  timer: NodeJS.Timeout | null;
  touchedAt: number;
}

/**
 * Delivers each chat's messages to sockets in seq order. Commits already happen in seq order (the chat
 * row lock), but their after-commit announcements may overtake each other; a message that arrives early
 * waits up to `holdMs` for the ones before it, then everything waiting goes out in order.
 */
export class InOrderDelivery {
  private readonly chats = new Map<number, ChatQueue>();
  private pushes = 0;

  constructor(private readonly holdMs = 250) {}

  push(chatId: number, seq: number, deliver: () => void): void {
    const now = Date.now();
    if (++this.pushes % 1000 === 0) this.prune(now);
    let queue = this.chats.get(chatId);
    if (!queue) {
      queue = { next: seq, pending: new Map(), timer: null, touchedAt: now };
      this.chats.set(chatId, queue);
    }
    queue.touchedAt = now;
    // Late (after a flush) or first seen since start: nothing to wait for.
    if (seq < queue.next) return deliver();
    queue.pending.set(seq, deliver);
    this.drain(queue);
    if (queue.pending.size > 0 && !queue.timer) {
      queue.timer = setTimeout(() => this.flush(queue), this.holdMs);
      queue.timer.unref();
    }
  }

  stop(): void {
    for (const queue of this.chats.values()) this.flush(queue);
    this.chats.clear();
  }

  private drain(queue: ChatQueue): void {
    for (let deliver = queue.pending.get(queue.next); deliver; deliver = queue.pending.get(queue.next)) {
      queue.pending.delete(queue.next);
      queue.next++;
      deliver();
    }
    if (queue.pending.size === 0 && queue.timer) {
      clearTimeout(queue.timer);
      queue.timer = null;
    }
  }

  private flush(queue: ChatQueue): void {
    if (queue.timer) clearTimeout(queue.timer);
    queue.timer = null;
    const seqs = [...queue.pending.keys()].sort((a, b) => a - b);
    for (const seq of seqs) {
      const deliver = queue.pending.get(seq)!;
      queue.pending.delete(seq);
      queue.next = Math.max(queue.next, seq + 1);
      deliver();
    }
  }

  private prune(now: number): void {
    for (const [chatId, queue] of this.chats) if (queue.pending.size === 0 && now - queue.touchedAt > 10 * 60_000) this.chats.delete(chatId);
  }
}
