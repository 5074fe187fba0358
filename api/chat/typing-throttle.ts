import { TYPING_RELAY_MS } from '../../contracts/chat';

/** At most one relayed typing event per user and chat per window; the rest are dropped, not queued. */
export class TypingThrottle {
  private readonly last = new Map<string, number>();

  constructor(private readonly windowMs = TYPING_RELAY_MS) {}

  admit(userId: number, chatId: number, now = Date.now()): boolean {
    if (this.last.size > 10_000) this.prune(now);
    const key = `${userId}:${chatId}`;
    const previous = this.last.get(key);
    if (previous !== undefined && now - previous < this.windowMs) return false;
    this.last.set(key, now);
    return true;
  }

  private prune(now: number): void {
    for (const [key, at] of this.last) if (now - at >= this.windowMs) this.last.delete(key);
  }
}
