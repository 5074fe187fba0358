import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Where a job queue's depth is read (the worker's pool): waiting, scheduled, running and failed jobs. */
export type JobQueueDepth = () => Promise<Record<'waiting' | 'scheduled' | 'running' | 'failed', number>>;

/**
 * What the product counts for Prometheus (GET /metrics, METRICS_TOKEN). One per app, built by its composition root
 * and passed down like the rate limiters: two apps in one process count apart. `NO_METRICS` when metrics are off:
 * every call is a no-op, so the hot paths pay nothing.
 */
export interface Metrics {
  /** The registry /metrics serves; null when metrics are off. */
  readonly registry: Registry | null;
  /** One HTTP answer: its route pattern (never the raw path), status and time. */
  httpRequest(method: string, route: string, status: number, seconds: number): void;
  socketOpened(path: string): void;
  socketClosed(path: string): void;
  socketMessage(path: string, direction: 'in' | 'out'): void;
  chatMessageStored(type: string): void;
  /** One feed card asked for (over HTTP or a socket) and how long it took. */
  feedRequest(via: 'http' | 'socket', seconds: number): void;
  imageUploaded(variant: string): void;
  imageEncoded(priority: string, seconds: number): void;
  jobFailed(task: string, final: boolean): void;
  /** Reads the queue's depth on each scrape (the process that runs the worker). */
  watchJobQueue(depth: JobQueueDepth | null): void;
  botApiCall(method: string): void;
  /** A Bot API call that failed: Telegram's error code, or `network`. */
  botApiError(method: string, code: string): void;
  rateLimitRefused(limit: string): void;
}

const noop = () => undefined;

export const NO_METRICS: Metrics = {
  registry: null,
  httpRequest: noop,
  socketOpened: noop,
  socketClosed: noop,
  socketMessage: noop,
  chatMessageStored: noop,
  feedRequest: noop,
  imageUploaded: noop,
  imageEncoded: noop,
  jobFailed: noop,
  watchJobQueue: noop,
  botApiCall: noop,
  botApiError: noop,
  rateLimitRefused: noop,
};

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];
const statusClass = (status: number) => STATUS_CLASSES[Math.floor(status / 100) - 1] ?? 'other';
const QUEUE_READ_TIMEOUT_MS = 1_000;

/** `work`, or a rejection once `ms` have passed. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error('timed out')), ms)));
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** A counter on `registry` (and no other). */
const counter = <L extends string>(registry: Registry, name: string, help: string, labelNames: readonly L[]) =>
  new Counter<L>({ name, help, labelNames, registers: [registry] });

/** A gauge on `registry`; `collect` runs on each scrape. */
const gauge = <L extends string>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly L[],
  collect?: (this: Gauge<L>) => Promise<void>,
) => new Gauge<L>({ name, help, labelNames, registers: [registry], ...(collect && { collect }) });

/** A histogram on `registry` with these bucket bounds (seconds). */
const histogram = <L extends string>(registry: Registry, name: string, help: string, labelNames: readonly L[], buckets: number[]) =>
  new Histogram<L>({ name, help, labelNames, buckets, registers: [registry] });

/** The metrics of one app on a registry of its own (never prom-client's global one), with Node's process metrics. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const http = histogram(
    registry,
    'http_request_duration_seconds',
    'HTTP answers by method, route pattern and status class (its _count: requests)',
    ['method', 'route', 'status'],
    [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );
  const sockets = gauge(registry, 'ws_open_sockets', 'Open WebSockets by path', ['path']);
  const socketMessages = counter(
    registry,
    'ws_messages_total',
    'WebSocket messages by path and direction (in: from clients, out: to clients)',
    ['path', 'direction'],
  );
  const chatMessages = counter(registry, 'chat_messages_stored_total', 'Chat messages stored, by type', ['type']);
  const feed = histogram(
    registry,
    'feed_request_duration_seconds',
    'Explore feed cards asked for (its _count: requests), by way (http or socket)',
    ['via'],
    [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
  );
  const uploads = counter(registry, 'image_uploads_total', 'Images uploaded, by variant', ['variant']);
  const encodes = histogram(
    registry,
    'image_encode_duration_seconds',
    'Image encodes in an encoder process, by lane priority (upload: masters and prerenders; rendition: /cdn misses)',
    ['priority'],
    [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );
  const jobFailures = counter(registry, 'job_failures_total', 'Failed job attempts by task (final: no attempt left)', ['task', 'final']);
  let queueDepth: JobQueueDepth | null = null;
  gauge(
    registry,
    'job_queue_depth',
    'Jobs in the queue by state (waiting: due and free, scheduled: due later, running: locked, failed: no attempt left)',
    ['state'],
    async function collect() {
      if (!queueDepth) return;
      // A slow or lost database leaves the last figures rather than holding the scrape.
      const depth = await within(queueDepth(), QUEUE_READ_TIMEOUT_MS).catch(() => null);
      if (depth) for (const [state, count] of Object.entries(depth)) this.set({ state }, count);
    },
  );
  const botCalls = counter(registry, 'bot_api_calls_total', 'Bot API calls by method', ['method']);
  const botErrors = counter(
    registry,
    'bot_api_errors_total',
    'Failed Bot API calls by method and Telegram error code (network: no answer)',
    ['method', 'code'],
  );
  const refusals = counter(registry, 'rate_limit_refusals_total', 'Calls refused by a rate limit, by limit', ['limit']);

  // The HTTP histogram's children by "method route status": labels() hashes its label values on every call.
  const httpChildren = new Map<string, { observe(value: number): void }>();
  return {
    registry,
    httpRequest(method, route, status, seconds) {
      const cls = statusClass(status);
      const key = `${method} ${route} ${cls}`;
      let child = httpChildren.get(key);
      if (!child) {
        child = http.labels(method, route, cls);
        httpChildren.set(key, child);
      }
      child.observe(seconds);
    },
    socketOpened: (path) => sockets.inc({ path }),
    socketClosed: (path) => sockets.dec({ path }),
    socketMessage: (path, direction) => socketMessages.inc({ path, direction }),
    chatMessageStored: (type) => chatMessages.inc({ type }),
    feedRequest: (via, seconds) => feed.observe({ via }, seconds),
    imageUploaded: (variant) => uploads.inc({ variant }),
    imageEncoded: (priority, seconds) => encodes.observe({ priority }, seconds),
    jobFailed: (task, final) => jobFailures.inc({ task, final: String(final) }),
    watchJobQueue: (depth) => void (queueDepth = depth),
    botApiCall: (method) => botCalls.inc({ method }),
    botApiError: (method, code) => botErrors.inc({ method, code }),
    rateLimitRefused: (limit) => refusals.inc({ limit }),
  };
}
