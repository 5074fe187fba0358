import type { RecordedCall } from './fake-telegram/call-log';
import type { ChatEntry, FakeUser } from './fake-telegram/chats';
import type { FailureMode, FailureScope } from './fake-telegram/failures';
import type { FailureSpec } from './fake-telegram/params';
import { FakeTelegramServer } from './fake-telegram/server';
import type { BotInfo } from './fake-telegram/state';

/**
 * A fake Telegram Bot API server for tests and demo mode: point grammY at it with
 * `new Bot(token, { client: { apiRoot: fake.url } })`.
 */

export type { RecordedCall } from './fake-telegram/call-log';
export type { FakeUser } from './fake-telegram/chats';

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
  /** Resolves once a getUpdates long poll is held open waiting for updates (at once when one is); rejects after timeoutMs (5 s). */
  waitForPoll(timeoutMs?: number): Promise<void>;
  onChange(listener: () => void): () => void;
  close(): Promise<void>;
}

export async function startFakeTelegram(opts: { port?: number; host?: string; botInfo?: BotInfo } = {}): Promise<FakeTelegram> {
  const fake = new FakeTelegramServer(opts.botInfo);
  await fake.listen(opts.port ?? 0, opts.host ?? '127.0.0.1');
  return fake;
}
