import WebSocket from 'ws';
import { signLaunchData } from '../../bot/dev/sign-launch';
import { socketProtocols } from '../../contracts/socket-auth';

export const LOAD_BOT_TOKEN = '1000000003:LOAD-token-for-soak-and-bench';

export interface Arrival {
  seq: number;
  clientId: string | null;
  senderId: string | null;
  at: number;
}

interface Pending {
  clientId: string;
  text: string;
}

interface WireMessage {
  seq: number;
  clientId: string | null;
  senderId: string | null;
}

/**
 * A chat client as the mini app behaves: one /ws/messages socket with reconnect and backoff (500 ms doubling
 * to 8 s, end-user.md §4), a queue of unacknowledged sends resent (same clientId) after every reconnect,
 * and catch-up from the last contiguous seq.
 */
export class LoadClient {
  /** First arrival of every seq of the chat (own messages too). */
  readonly timeline = new Map<number, Arrival>();
  /** When each own message was first put on the wire. */
  readonly sentAt = new Map<string, number>();
  readonly errors = new Map<string, number>();
  lateArrivals = 0;
  conflicts = 0;
  reconnects = 0;
  private readonly pending: Pending[] = [];
  private readonly initData: string;
  private ws: WebSocket | null = null;
  private open = false;
  private stopped = false;
  private backoffMs = 500;
  private contiguous = 0;
  private maxSeen = 0;
  private nextNo = 0;
  private cid = 0;
  private readonly sendsInFlight = new Map<string, Pending>();

  constructor(private readonly opts: { wsBase: string; userId: number; chatId: number; onArrival?: (a: Arrival) => void }) {
    this.initData = signLaunchData({ id: opts.userId, first_name: 'Нагрузка' }, LOAD_BOT_TOKEN);
  }

  get isOpen(): boolean {
    return this.open;
  }

  get unacked(): number {
    return this.pending.length;
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  /** Queues a new message; returns its clientId. */
  send(text: string): string {
    const item = { clientId: `${this.opts.userId}-${++this.nextNo}`, text };
    this.pending.push(item);
    if (this.open) this.transmit(item);
    return item.clientId;
  }

  /** Drops the connection as a flaky network would; the client reconnects by itself. */
  drop(): void {
    this.ws?.terminate();
  }

  /** Asks again for everything after the last contiguous seq (what a client does on focus). */
  catchUp(): void {
    if (this.open) this.request('subscribe', { chatId: String(this.opts.chatId), afterSeq: this.advance() });
  }

  stop(): void {
    this.stopped = true;
    this.ws?.terminate();
  }

  private connect(): void {
    if (this.stopped) return;
    const ws = new WebSocket(`${this.opts.wsBase}/ws/messages`, socketProtocols(this.initData));
    this.ws = ws;
    ws.on('open', () => {
      this.open = true;
      this.backoffMs = 500;
      this.catchUp();
      for (const item of this.pending) this.transmit(item);
    });
    ws.on('message', (raw) => this.onMessage(JSON.parse(raw.toString()) as { ch: string; t: string; data: Record<string, unknown> }));
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      if (this.ws !== ws) return;
      this.sendsInFlight.clear();
      this.open = false;
      this.ws = null;
      if (this.stopped) return;
      this.reconnects++;
      setTimeout(() => this.connect(), this.backoffMs);
      this.backoffMs = Math.min(this.backoffMs * 2, 8000);
    });
  }

  private request(t: string, data: unknown): string {
    const cid = `c${++this.cid}`;
    this.ws?.send(JSON.stringify({ ch: 'messages', t, cid, data }));
    return cid;
  }

  private transmit(item: Pending): void {
    if (!this.sentAt.has(item.clientId)) this.sentAt.set(item.clientId, performance.now());
    this.sendsInFlight.set(this.request('send', { chatId: String(this.opts.chatId), text: item.text, clientId: item.clientId }), item);
  }

  private onMessage(m: { ch: string; t: string; cid?: string; data: Record<string, unknown> }): void {
    const send = m.cid ? this.sendsInFlight.get(m.cid) : undefined;
    if (m.cid) this.sendsInFlight.delete(m.cid);
    if (m.ch !== 'messages') return;
    if (m.t === 'message') this.record(m.data.message as WireMessage);
    if (m.t === 'subscribed') {
      for (const message of m.data.messages as WireMessage[]) this.record(message);
      if (m.data.hasMore) this.catchUp();
    }
    if (m.t === 'sent') {
      const message = m.data.message as WireMessage;
      this.record(message);
      const at = this.pending.findIndex((p) => p.clientId === message.clientId);
      if (at >= 0) this.pending.splice(at, 1);
    }
    if (m.t === 'error') {
      const text = String(m.data.message);
      this.errors.set(text, (this.errors.get(text) ?? 0) + 1);
      // The refused send stays queued and goes again shortly (a restarting server, a rate limit).
      if (send) setTimeout(() => this.open && this.pending.includes(send) && this.transmit(send), 500);
    }
  }

  private record(message: WireMessage): void {
    const known = this.timeline.get(message.seq);
    if (known) {
      if (known.clientId !== message.clientId) this.conflicts++;
      return;
    }
    const arrival = { seq: message.seq, clientId: message.clientId, senderId: message.senderId, at: performance.now() };
    this.timeline.set(message.seq, arrival);
    if (message.seq < this.maxSeen) this.lateArrivals++;
    this.maxSeen = Math.max(this.maxSeen, message.seq);
    this.opts.onArrival?.(arrival);
  }

  private advance(): number {
    while (this.timeline.has(this.contiguous + 1)) this.contiguous++;
    return this.contiguous;
  }
}
