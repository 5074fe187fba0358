import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Update } from 'grammy/types';
import {
  ApiError,
  FakeTelegramState,
  sniffContentType,
  type ChatEntry,
  type FailureSpec,
  type FakeUser,
  type Params,
  type UploadedFile,
} from './fake-telegram-state';
import { failureError, FailureModes, type FailureMode, type FailureScope } from './fake-telegram-failures';

/**
 * A fake Telegram Bot API server for tests and demo mode: point grammY at it with
 * `new Bot(token, { client: { apiRoot: fake.url } })`.
 */

export type { ChatEntry, FailureSpec, FakeUser } from './fake-telegram-state';
export type { FailureMode, FailureScope } from './fake-telegram-failures';

export interface RecordedCall {
  method: string;
  token: string;
  params: Record<string, unknown>;
  at: number;
  ok: boolean;
}

export interface FakeTelegram {
  url: string;
  calls: RecordedCall[];
  callsTo(method: string): RecordedCall[];
  chatLog(chatId: number): ChatEntry[];
  chatIds(): number[];
  /** The commands set for a scope (default scope without one), as getMyCommands would answer. */
  commandsFor(scope?: Record<string, unknown>): Array<{ command: string; description: string }>;
  injectMessage(from: FakeUser, text: string): number;
  injectCallback(from: FakeUser, messageId: number, data: string, chatId?: number): string;
  failNext(method: string, times: number, failure: FailureSpec): void;
  /** Telegram answering 429 or 5xx, or unreachable: for `times` calls, or until failWith(null). */
  failWith(mode: FailureMode | null, scope?: FailureScope): void;
  blockBot(userId: number): void;
  setDown(down: boolean): void;
  addStickerSet(set: { name: string; title: string; stickers: Array<{ emoji?: string; png: Buffer }> }): void;
  waitForCall(method: string, predicate?: (c: RecordedCall) => boolean, timeoutMs?: number): Promise<RecordedCall>;
  onChange(listener: () => void): () => void;
  close(): Promise<void>;
}

interface Outcome {
  status: number;
  body: { ok: true; result: unknown } | ({ ok: false } & FailureSpec);
}

interface Poller {
  token: string;
  offset: number | undefined;
  limit: number;
  finish(updates: Update[]): void;
}

// Methods that talk to a chat; a person who blocked the bot makes them fail with 403.
const CHAT_WRITES = /^(send|copyMessage|forwardMessage|editMessage)/;
// Telegram itself caps long polling at 50 s.
const MAX_POLL_SECONDS = 50;
const MAX_BODY_BYTES = 60 * 1024 * 1024;
// Multipart and urlencoded values are strings; these fields are numbers or booleans in JSON.
const NUMERIC_FIELDS = new Set([
  'chat_id', 'message_id', 'reply_to_message_id', 'message_thread_id', 'from_chat_id', 'user_id',
  'offset', 'limit', 'timeout', 'cache_time', 'width', 'height', 'duration',
]);
const BOOLEAN_FIELDS = new Set([
  'disable_notification', 'protect_content', 'show_alert', 'drop_pending_updates', 'has_spoiler',
  'show_caption_above_media', 'allow_sending_without_reply', 'disable_web_page_preview', 'allow_paid_broadcast',
]);
// Free text that must never be JSON-parsed even when it starts with { or [.
const TEXT_FIELDS = new Set(['text', 'caption', 'title', 'description', 'short_description', 'name', 'url']);

function coerceField(name: string, value: string): unknown {
  const trimmed = value.trim();
  if (!TEXT_FIELDS.has(name) && /^[[{]/.test(trimmed)) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      return value;
    }
  }
  if (NUMERIC_FIELDS.has(name) && /^-?\d+$/.test(trimmed)) return Number(trimmed);
  if (BOOLEAN_FIELDS.has(name) && (trimmed === 'true' || trimmed === 'false')) return trimmed === 'true';
  return value;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new ApiError(413, 'Request Entity Too Large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Minimal multipart/form-data parser; tolerant of grammY's header style (no spaces, unquoted filename). */
function parseMultipart(body: Buffer, boundary: string): Array<{ name: string; filename?: string; data: Buffer }> {
  const parts: Array<{ name: string; filename?: string; data: Buffer }> = [];
  const opening = Buffer.from(`--${boundary}`);
  const separator = Buffer.from(`\r\n--${boundary}`);
  let pos = body.indexOf(opening);
  if (pos === -1) return parts;
  let start = pos + opening.length;
  while (body.toString('latin1', start, start + 2) !== '--') {
    if (body.toString('latin1', start, start + 2) === '\r\n') start += 2;
    pos = body.indexOf(separator, start);
    if (pos === -1) break;
    const part = body.subarray(start, pos);
    start = pos + separator.length;
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd === -1) continue;
    const headers = part.toString('utf8', 0, headerEnd);
    const name = /;\s*name=(?:"([^"]*)"|([^;\s]+))/i.exec(headers);
    if (!name) continue;
    const filename = /;\s*filename=(?:"([^"]*)"|([^;\r\n]+))/i.exec(headers);
    parts.push({
      name: name[1] ?? name[2] ?? '',
      ...(filename ? { filename: (filename[1] ?? filename[2] ?? '').trim() } : {}),
      data: part.subarray(headerEnd + 4),
    });
  }
  return parts;
}

async function parseRequest(req: IncomingMessage, url: URL): Promise<{ params: Params; uploads: Map<string, UploadedFile> }> {
  const params: Params = {};
  const uploads = new Map<string, UploadedFile>();
  for (const [key, value] of url.searchParams) params[key] = coerceField(key, value);
  const body = await readBody(req);
  if (body.length === 0) return { params, uploads };
  const contentType = req.headers['content-type'] ?? '';
  const type = contentType.toLowerCase();
  if (type.startsWith('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      throw new ApiError(400, "Bad Request: can't parse JSON object");
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new ApiError(400, 'Bad Request: request body must be a JSON object');
    }
    Object.assign(params, parsed);
  } else if (type.startsWith('application/x-www-form-urlencoded')) {
    for (const [key, value] of new URLSearchParams(body.toString('utf8'))) params[key] = coerceField(key, value);
  } else if (type.startsWith('multipart/form-data')) {
    // The boundary is case-sensitive, so read it from the original header.
    const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
    if (!boundary) throw new ApiError(400, 'Bad Request: multipart boundary is missing');
    for (const part of parseMultipart(body, boundary[1] ?? boundary[2] ?? '')) {
      if (part.filename !== undefined) uploads.set(part.name, { filename: part.filename, bytes: Buffer.from(part.data) });
      else params[part.name] = coerceField(part.name, part.data.toString('utf8'));
    }
  } else {
    throw new ApiError(400, `Bad Request: unsupported content type ${contentType}`);
  }
  return { params, uploads };
}

function toOutcome(err: unknown): Outcome {
  if (err instanceof ApiError) {
    const { errorCode, description, parameters } = err;
    return { status: errorCode, body: { ok: false, error_code: errorCode, description, ...(parameters ? { parameters } : {}) } };
  }
  const description = `Internal Server Error: ${err instanceof Error ? err.message : String(err)}`;
  return { status: 500, body: { ok: false, error_code: 500, description } };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed || res.writableEnded) return;
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

class FakeTelegramServer implements FakeTelegram {
  url = '';
  readonly calls: RecordedCall[] = [];
  private readonly state: FakeTelegramState;
  private readonly server = createServer((req, res) => {
    this.handle(req, res).catch((err: unknown) => sendJson(res, 500, toOutcome(err).body));
  });
  private readonly pollers = new Set<Poller>();
  private readonly listeners = new Set<() => void>();
  private readonly failures = new Map<string, { remaining: number; failure: FailureSpec }>();
  private readonly modes = new FailureModes();
  // Pending waitForCall rejections, so close() can settle them instead of leaving timers behind.
  private readonly waiters = new Set<(err: Error) => void>();
  private down = false;
  private closed = false;

  constructor(botInfo?: Partial<{ id: number; first_name: string; username: string }>) {
    this.state = new FakeTelegramState(botInfo);
  }

  async listen(port: number, host: string): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    const address = this.server.address() as AddressInfo;
    const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
    this.url = `http://${shownHost}:${address.port}`;
  }

  callsTo(method: string): RecordedCall[] {
    const wanted = method.toLowerCase();
    return this.calls.filter((c) => c.method.toLowerCase() === wanted);
  }

  chatLog(chatId: number): ChatEntry[] {
    return this.state.chatLog(chatId);
  }

  chatIds(): number[] {
    return this.state.chatIds();
  }

  commandsFor(scope?: Record<string, unknown>): Array<{ command: string; description: string }> {
    return this.state.commandsFor(scope ? { scope } : {});
  }

  injectMessage(from: FakeUser, text: string): number {
    const update = this.state.injectMessage(from, text);
    this.afterInject();
    return update.update_id;
  }

  injectCallback(from: FakeUser, messageId: number, data: string, chatId?: number): string {
    const { id } = this.state.injectCallback(from, messageId, data, chatId);
    this.afterInject();
    return id;
  }

  failNext(method: string, times: number, failure: FailureSpec): void {
    const key = method.toLowerCase();
    if (times > 0) this.failures.set(key, { remaining: times, failure });
    else this.failures.delete(key);
  }

  failWith(mode: FailureMode | null, scope?: FailureScope): void {
    this.modes.set(mode, scope);
  }

  blockBot(userId: number): void {
    this.state.block(userId);
  }

  setDown(down: boolean): void {
    this.down = down;
    // Waiting polls are answered now; handle() sees the flag and turns them into 502s.
    if (down) for (const poller of [...this.pollers]) poller.finish([]);
  }

  addStickerSet(set: { name: string; title: string; stickers: Array<{ emoji?: string; png: Buffer }> }): void {
    this.state.addStickerSet(set);
  }

  waitForCall(method: string, predicate?: (c: RecordedCall) => boolean, timeoutMs = 5000): Promise<RecordedCall> {
    const wanted = method.toLowerCase();
    const matches = (c: RecordedCall): boolean => c.method.toLowerCase() === wanted && (!predicate || predicate(c));
    const hit = this.calls.find(matches);
    if (hit) return Promise.resolve(hit);
    return new Promise<RecordedCall>((resolve, reject) => {
      let seen = this.calls.length;
      const settle = (): void => {
        clearTimeout(timer);
        off();
        this.waiters.delete(fail);
      };
      const fail = (err: Error): void => {
        settle();
        reject(err);
      };
      const off = this.onChange(() => {
        for (; seen < this.calls.length; seen++) {
          const call = this.calls[seen];
          if (call && matches(call)) {
            settle();
            resolve(call);
            return;
          }
        }
      });
      const timer = setTimeout(() => {
        const recent = this.calls.slice(-10).map((c) => `${c.method}${c.ok ? '' : '(failed)'}`).join(', ');
        fail(new Error(`fake-telegram: no ${method} call within ${timeoutMs} ms; last calls: ${recent || 'none'}`));
      }, timeoutMs);
      this.waiters.add(fail);
    });
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const poller of [...this.pollers]) poller.finish([]);
    for (const fail of [...this.waiters]) fail(new Error('fake-telegram: closed'));
    // One turn of the event loop lets the just-finished polls write their answers.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      // grammY keeps sockets alive; without this close() would wait for them to time out.
      this.server.closeAllConnections();
    });
  }

  private notify(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch (err) {
        console.error('fake-telegram: onChange listener failed', err);
      }
    }
  }

  private afterInject(): void {
    for (const poller of [...this.pollers]) {
      const updates = this.state.takeUpdates(poller.offset, poller.limit);
      if (updates.length > 0) poller.finish(updates);
    }
    this.notify();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake-telegram');
    const download = /^\/file\/bot[^/]+\/(.+)$/.exec(url.pathname);
    if (download) {
      this.download(res, decodeURIComponent(download[1] ?? ''));
      return;
    }
    const route = /^\/bot([^/]+)\/([^/]+)\/?$/.exec(url.pathname);
    if (!route) {
      sendJson(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
      return;
    }
    const token = decodeURIComponent(route[1] ?? '');
    const name = route[2] ?? '';
    const method = this.state.resolveMethod(name) ?? name;
    const at = Date.now();
    let params: Params = {};
    let outcome: Outcome;
    try {
      const parsed = await parseRequest(req, url);
      params = parsed.params;
      const mode = this.modes.take(method);
      if (mode === 'unreachable') return this.hangUp(req, { method, token, params, at, ok: false });
      if (mode) throw failureError(mode);
      const result = await this.answer(method, token, params, parsed.uploads, res);
      outcome = { status: 200, body: { ok: true, result } };
    } catch (err) {
      outcome = toOutcome(err);
    }
    this.calls.push({ method, token, params, at, ok: outcome.body.ok });
    sendJson(res, outcome.status, outcome.body);
    this.notify();
  }

  /** Unreachable: the connection drops without an answer (the client sees a network error). */
  private hangUp(req: IncomingMessage, call: RecordedCall): void {
    this.calls.push(call);
    req.socket.destroy();
    this.notify();
  }

  private async answer(
    method: string,
    token: string,
    params: Params,
    uploads: ReadonlyMap<string, UploadedFile>,
    res: ServerResponse,
  ): Promise<unknown> {
    if (this.down) throw new ApiError(502, 'Bad Gateway');
    const failure = this.takeFailure(method);
    if (failure) throw new ApiError(failure.error_code, failure.description, failure.parameters);
    if (!this.state.resolveMethod(method)) throw new ApiError(404, 'Not Found: method not found');
    const chatId = Number(params.chat_id);
    if (CHAT_WRITES.test(method) && Number.isSafeInteger(chatId) && this.state.isBlocked(chatId)) {
      throw new ApiError(403, 'Forbidden: bot was blocked by the user');
    }
    if (method !== 'getUpdates') return this.state.call(method, params, uploads);
    const updates = await this.poll(token, params, res);
    if (this.down) throw new ApiError(502, 'Bad Gateway');
    return updates;
  }

  private takeFailure(method: string): FailureSpec | undefined {
    const key = method.toLowerCase();
    const pending = this.failures.get(key);
    if (!pending) return undefined;
    if (--pending.remaining <= 0) this.failures.delete(key);
    return pending.failure;
  }

  private poll(token: string, params: Params, res: ServerResponse): Promise<Update[]> {
    const int = (name: string): number | undefined => {
      const value = params[name];
      const n = typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : NaN;
      return Number.isFinite(n) ? Math.trunc(n) : undefined;
    };
    const offset = int('offset');
    const limit = Math.min(Math.max(int('limit') ?? 100, 1), 100);
    const timeout = Math.min(Math.max(int('timeout') ?? 0, 0), MAX_POLL_SECONDS);
    // A newer poll replaces older waiting ones (Telegram answers those with 409; [] is gentler).
    for (const poller of [...this.pollers]) if (poller.token === token) poller.finish([]);
    const ready = this.state.takeUpdates(offset, limit);
    if (ready.length > 0 || timeout === 0 || this.closed || this.down) return Promise.resolve(ready);
    return new Promise<Update[]>((resolve) => {
      const poller: Poller = {
        token,
        offset,
        limit,
        finish: (updates) => {
          if (!this.pollers.delete(poller)) return;
          clearTimeout(timer);
          res.off('close', onHangUp);
          resolve(updates);
        },
      };
      // The client gave up (grammY aborts the poll on bot.stop()).
      const onHangUp = (): void => poller.finish([]);
      const timer = setTimeout(() => poller.finish([]), timeout * 1000);
      res.on('close', onHangUp);
      this.pollers.add(poller);
    });
  }

  private download(res: ServerResponse, filePath: string): void {
    if (this.down) {
      sendJson(res, 502, { ok: false, error_code: 502, description: 'Bad Gateway' });
      return;
    }
    const bytes = this.state.fileBytes(filePath);
    if (!bytes) {
      sendJson(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
      return;
    }
    res.writeHead(200, { 'content-type': sniffContentType(bytes), 'content-length': bytes.length });
    res.end(bytes);
  }
}

export async function startFakeTelegram(
  opts: { port?: number; host?: string; botInfo?: Partial<{ id: number; first_name: string; username: string }> } = {},
): Promise<FakeTelegram> {
  const fake = new FakeTelegramServer(opts.botInfo);
  await fake.listen(opts.port ?? 0, opts.host ?? '127.0.0.1');
  return fake;
}
