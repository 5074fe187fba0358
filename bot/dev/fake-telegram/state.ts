import type { BotCommand, MessageEntity, Update, User, UserFromGetMe } from 'grammy/types';
import { BotSettings } from './bot-settings';
import { CallbackQueries } from './callbacks';
import { ChatStore, type ChatEntry, type FakeUser } from './chats';
import { FileStore } from './files';
import { editMethods, sendMethods } from './message-methods';
import { ApiError, type Handler, type Params, type Uploads } from './params';
import { UpdateQueue } from './updates';

/** The in-memory Bot API behind the fake server: the method table over chats, files, updates and settings. No I/O here. */

export type BotInfo = Partial<{ id: number; first_name: string; username: string }>;

function meOf(botUser: User & { username: string }): UserFromGetMe {
  return {
    ...botUser,
    is_bot: true,
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
  };
}

export class FakeTelegramState {
  readonly me: UserFromGetMe;
  private readonly chats: ChatStore;
  private readonly files = new FileStore();
  private readonly updates = new UpdateQueue();
  private readonly settings = new BotSettings(this.updates);
  private readonly callbacks: CallbackQueries;
  private readonly methods: Record<string, Handler>;
  private readonly canonical = new Map<string, string>();

  constructor(botInfo: BotInfo = {}) {
    const username = botInfo.username ?? 'fake_test_bot';
    const botUser = { id: botInfo.id ?? 7_000_000_001, is_bot: true, first_name: botInfo.first_name ?? 'Fake Bot', username };
    this.me = meOf(botUser);
    this.chats = new ChatStore(botUser);
    this.callbacks = new CallbackQueries(this.chats);
    this.methods = {
      getMe: () => this.me,
      ...this.settings.methods(),
      ...sendMethods(this.chats, this.files),
      ...editMethods(this.chats),
      ...this.callbacks.methods(),
      ...this.files.methods(),
    };
    // Telegram matches method names case-insensitively; getUpdates is served by the transport.
    for (const name of [...Object.keys(this.methods), 'getUpdates']) this.canonical.set(name.toLowerCase(), name);
  }

  resolveMethod(name: string): string | undefined {
    return this.canonical.get(name.toLowerCase());
  }

  call(method: string, params: Params, uploads: Uploads): unknown {
    const handler = this.methods[method];
    if (!handler) throw new ApiError(404, 'Not Found: method not found');
    return handler(params, uploads);
  }

  commandsFor(params: Params): BotCommand[] {
    return this.settings.commandsFor(params);
  }

  injectMessage(from: FakeUser, text: string): Update {
    this.chats.meet(from);
    // Writing to the bot again means the person unblocked it.
    this.chats.unblock(from.id);
    const command = /^\/[A-Za-z0-9_]+(?:@[A-Za-z0-9_]+)?/.exec(text);
    const entities: MessageEntity[] | undefined = command ? [{ type: 'bot_command', offset: 0, length: command[0].length }] : undefined;
    const user: User = { ...from, is_bot: false };
    const stored = this.chats.post(from.id, user, { text, ...(entities ? { entities } : {}) });
    return this.updates.enqueue({ message: { ...structuredClone(stored.message), chat: this.chats.chatObject(from.id), from: user } });
  }

  injectCallback(from: FakeUser, messageId: number, data: string, chatId = from.id): { update: Update; id: string } {
    this.chats.meet(from);
    const stored = this.chats.message(chatId, messageId);
    if (!stored) throw new Error(`fake-telegram: no message ${messageId} in chat ${chatId} to press a button on`);
    const id = this.callbacks.open(chatId, messageId);
    // Snapshot: the button was pressed on the message as it looked at that moment.
    const message = structuredClone(stored.message);
    const update = this.updates.enqueue({
      callback_query: { id, from: { ...from, is_bot: false }, message, chat_instance: `fake-instance-${chatId}`, data },
    });
    return { update, id };
  }

  block(userId: number): void {
    this.chats.block(userId);
  }

  isBlocked(chatId: number): boolean {
    return this.chats.isBlocked(chatId);
  }

  addStickerSet(set: { name: string; title: string; stickers: Array<{ emoji?: string; png: Buffer }> }): void {
    this.files.addStickerSet(set);
  }

  fileBytes(filePath: string): Buffer | undefined {
    return this.files.bytesAt(filePath);
  }

  chatLog(chatId: number): ChatEntry[] {
    return this.chats.chatLog(chatId);
  }

  chatIds(): number[] {
    return this.chats.chatIds();
  }

  takeUpdates(offset: number | undefined, limit: number): Update[] {
    return this.updates.take(offset, limit);
  }
}
