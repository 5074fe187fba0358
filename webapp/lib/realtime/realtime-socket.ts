import { envelopeSchema, type Channel, type Envelope, type OutgoingEnvelope } from '../../../contracts/realtime';
import { SOCKET_CLOSE } from '../../../contracts/socket-auth';

/** The part of WebSocket this client uses (a fake one in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: Event) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
}

export interface RealtimeSocketOptions {
  url: () => string;
  /** The subprotocols to offer, read afresh for each connection: they carry initData (contracts/socket-auth.ts). */
  protocols?: () => string[];
  createSocket?: (url: string, protocols: string[]) => SocketLike;
  minDelayMs?: number;
  maxDelayMs?: number;
  maxQueue?: number;
  /** The server closed the socket on purpose (4001 account deleted, 4003 banned): the app should ask why over HTTP. */
  onRefused?: (code: number) => void;
  /** The socket's initData expired (4401): true when fresh launch data was found, else the socket stays closed. */
  onExpired?: () => boolean;
}

export type EnvelopeHandler = (message: Envelope) => void;
export type StatusHandler = (status: 'open' | 'closed') => void;
const OPEN = 1;
const UNHEARD_MAX = 20;

/** One WebSocket with reconnect (backoff 500 ms doubling to 8 s, reset on open) and a send queue flushed on open. */
export class RealtimeSocket {
  private socket: SocketLike | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private queue: string[] = [];
  private readonly handlers = new Map<Channel, Set<EnvelopeHandler>>();
  /**
   * What came on a channel nobody listened to yet, for its first listener: a screen may open the socket before the
   * frame's live part (loaded beside the first screen) listens, and the server sends some state once, as the socket
   * opens (the chats' presence snapshot). At most UNHEARD_MAX a channel, from this connection only.
   */
  private readonly unheard = new Map<Channel, Envelope[]>();
  private readonly statusHandlers = new Set<StatusHandler>();
  private readonly min: number;
  private readonly max: number;
  /** The wait before the next reconnect attempt. */
  retryDelayMs: number;

  constructor(private readonly opts: RealtimeSocketOptions) {
    this.min = opts.minDelayMs ?? 500;
    this.max = opts.maxDelayMs ?? 8000;
    this.retryDelayMs = this.min;
  }

  get isOpen(): boolean {
    return this.socket?.readyState === OPEN;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'done');
  }

  send(message: OutgoingEnvelope): void {
    const text = JSON.stringify(message);
    if (this.socket && this.isOpen) return this.socket.send(text);
    this.queue.push(text);
    if (this.queue.length > (this.opts.maxQueue ?? 100)) this.queue.shift();
  }

  subscribe(channel: Channel, handler: EnvelopeHandler): () => void {
    const set = this.handlers.get(channel) ?? new Set();
    this.handlers.set(channel, set);
    set.add(handler);
    const kept = this.unheard.get(channel);
    this.unheard.delete(channel);
    if (kept) queueMicrotask(() => kept.forEach((message) => set.has(handler) && handler(message)));
    return () => set.delete(handler);
  }

  onStatus(handler: StatusHandler): () => void {
    this.statusHandlers.add(handler);
    return () => this.statusHandlers.delete(handler);
  }

  private connect(): void {
    this.timer = null;
    const create = this.opts.createSocket ?? ((url: string, protocols: string[]) => new WebSocket(url, protocols));
    const socket = create(this.opts.url(), this.opts.protocols?.() ?? []);
    this.socket = socket;
    socket.onopen = () => {
      this.retryDelayMs = this.min;
      this.unheard.clear();
      const pending = this.queue;
      this.queue = [];
      for (const text of pending) socket.send(text);
      for (const handler of this.statusHandlers) handler('open');
    };
    socket.onmessage = (event) => this.dispatch(event.data);
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.onServerClose(ev?.code);
      for (const handler of this.statusHandlers) handler('closed');
      if (this.running) this.scheduleReconnect();
    };
    socket.onerror = () => undefined;
  }

  /** What a close code the server chose on purpose means for the next attempt. */
  private onServerClose(code: number | undefined): void {
    if (code === SOCKET_CLOSE.accountDeleted || code === SOCKET_CLOSE.banned) this.opts.onRefused?.(code);
    // Expired initData is refused again on every attempt: reconnect only with fresh launch data.
    if (code === SOCKET_CLOSE.sessionExpired && !this.opts.onExpired?.()) this.running = false;
    // One socket too many: it had opened (which resets the backoff), so the next try waits the longest.
    if (code === SOCKET_CLOSE.tooManySockets) this.retryDelayMs = this.max;
  }

  private scheduleReconnect(): void {
    const wait = this.retryDelayMs;
    this.retryDelayMs = Math.min(wait * 2, this.max);
    this.timer = setTimeout(() => this.connect(), wait);
  }

  private dispatch(raw: unknown): void {
    let parsed: unknown;
    try {
      parsed = typeof raw === 'string' ? JSON.parse(raw) : undefined;
    } catch {
      return;
    }
    const message = envelopeSchema.safeParse(parsed);
    if (!message.success) return;
    const handlers = this.handlers.get(message.data.ch);
    if (!handlers?.size) return this.keepUnheard(message.data);
    for (const handler of handlers) handler(message.data);
  }

  private keepUnheard(message: Envelope): void {
    const kept = this.unheard.get(message.ch) ?? [];
    kept.push(message);
    if (kept.length > UNHEARD_MAX) kept.shift();
    this.unheard.set(message.ch, kept);
  }
}
