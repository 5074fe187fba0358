import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FakeTelegram } from '../fake-telegram';
import { CallLog, type RecordedCall } from './call-log';
import type { ChatEntry, FakeUser } from './chats';
import { failureError, FailureModes, MethodFailures, type FailureMode, type FailureScope } from './failures';
import { closeServer, listen, sendError, sendFile, sendJson, toOutcome, type Outcome } from './http';
import { LongPolls } from './long-polls';
import { ApiError, type FailureSpec, type Params, type Uploads } from './params';
import { parseRequest } from './request';
import { FakeTelegramState, type BotInfo } from './state';

// Methods that talk to a chat; a person who blocked the bot makes them fail with 403.
const CHAT_WRITES = /^(send|copyMessage|forwardMessage|editMessage)/;
const BAD_GATEWAY = (): ApiError => new ApiError(502, 'Bad Gateway');

/** The fake Bot API over HTTP: routes /bot<token>/<method> and /file/bot<token>/<path>, with the test controls. */
export class FakeTelegramServer implements FakeTelegram {
  url = '';
  private readonly log = new CallLog();
  readonly calls = this.log.calls;
  private readonly state: FakeTelegramState;
  private readonly polls: LongPolls;
  private readonly server = createServer((req, res) => {
    this.handle(req, res).catch((err: unknown) => sendJson(res, 500, toOutcome(err).body));
  });
  private readonly failures = new MethodFailures();
  private readonly modes = new FailureModes();
  private down = false;
  private closed = false;

  constructor(botInfo?: BotInfo) {
    this.state = new FakeTelegramState(botInfo);
    this.polls = new LongPolls((offset, limit) => this.state.takeUpdates(offset, limit));
  }

  async listen(port: number, host: string): Promise<void> {
    this.url = await listen(this.server, port, host);
  }

  callsTo(method: string): RecordedCall[] {
    return this.log.callsTo(method);
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
    this.failures.set(method, times, failure);
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
    if (down) this.polls.releaseAll();
  }

  addStickerSet(set: { name: string; title: string; stickers: Array<{ emoji?: string; png: Buffer }> }): void {
    this.state.addStickerSet(set);
  }

  waitForCall(method: string, predicate?: (c: RecordedCall) => boolean, timeoutMs = 5000): Promise<RecordedCall> {
    return this.log.waitFor(method, predicate, timeoutMs);
  }

  onChange(listener: () => void): () => void {
    return this.log.onChange(listener);
  }

  waitForPoll(timeoutMs = 5000): Promise<void> {
    return this.polls.waitForWaiting(timeoutMs);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.polls.close();
    this.log.close();
    await closeServer(this.server);
  }

  private afterInject(): void {
    this.polls.deliver();
    this.log.notify();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake-telegram');
    const download = /^\/file\/bot[^/]+\/(.+)$/.exec(url.pathname);
    if (download) return this.download(res, decodeURIComponent(download[1] ?? ''));
    const route = /^\/bot([^/]+)\/([^/]+)\/?$/.exec(url.pathname);
    if (!route) return sendError(res, new ApiError(404, 'Not Found'));
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
    this.log.record({ method, token, params, at, ok: outcome.body.ok });
    sendJson(res, outcome.status, outcome.body);
    this.log.notify();
  }

  /** Unreachable: the connection drops without an answer (the client sees a network error). */
  private hangUp(req: IncomingMessage, call: RecordedCall): void {
    this.log.record(call);
    req.socket.destroy();
    this.log.notify();
  }

  private async answer(method: string, token: string, params: Params, uploads: Uploads, res: ServerResponse): Promise<unknown> {
    if (this.down) throw BAD_GATEWAY();
    const failure = this.failures.take(method);
    if (failure) throw failure;
    if (!this.state.resolveMethod(method)) throw new ApiError(404, 'Not Found: method not found');
    const chatId = Number(params.chat_id);
    if (CHAT_WRITES.test(method) && Number.isSafeInteger(chatId) && this.state.isBlocked(chatId)) {
      throw new ApiError(403, 'Forbidden: bot was blocked by the user');
    }
    if (method !== 'getUpdates') return this.state.call(method, params, uploads);
    const updates = await this.polls.poll(token, params, res, this.closed || this.down);
    if (this.down) throw BAD_GATEWAY();
    return updates;
  }

  private download(res: ServerResponse, filePath: string): void {
    if (this.down) return sendError(res, BAD_GATEWAY());
    const bytes = this.state.fileBytes(filePath);
    if (!bytes) return sendError(res, new ApiError(404, 'Not Found'));
    sendFile(res, bytes);
  }
}
