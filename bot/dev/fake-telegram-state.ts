import type {
  BotCommand,
  Chat,
  File as TgFile,
  InlineKeyboardMarkup,
  MenuButton,
  Message,
  MessageEntity,
  PhotoSize,
  Sticker,
  StickerSet,
  Update,
  User,
  UserFromGetMe,
} from 'grammy/types';

/** The in-memory Bot API behind the fake server: chats, files, updates. No I/O here. */

export interface FakeUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

export interface ChatEntry {
  messageId: number;
  chatId: number;
  fromBot: boolean;
  date: number;
  text?: string;
  caption?: string;
  photo?: boolean;
  replyMarkup?: unknown;
  edited: boolean;
  callbackAnswer?: string;
}

export interface FailureSpec {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number };
}

export type Params = Record<string, unknown>;

export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

/** A Bot API failure; the server turns it into {ok:false,...} with HTTP status = errorCode. */
export class ApiError extends Error {
  constructor(
    readonly errorCode: number,
    readonly description: string,
    readonly parameters?: { retry_after?: number },
  ) {
    super(description);
  }
}

const bad = (what: string): ApiError => new ApiError(400, `Bad Request: ${what}`);

interface StoredFile {
  fileId: string;
  fileUniqueId: string;
  filePath: string;
  bytes: Buffer;
  width: number;
  height: number;
}

interface StoredMessage {
  message: Message;
  // Kept apart from message.reply_markup because real messages only echo inline keyboards.
  replyMarkup?: unknown;
  callbackAnswer?: string;
}

interface CallbackRecord {
  chatId: number;
  messageId: number;
  answered: boolean;
}

type Handler = (params: Params, uploads: ReadonlyMap<string, UploadedFile>) => unknown;

/** One command list per scope (default, all private chats, one chat...) and language code. */
export function commandScopeKey(params: Params): string {
  const scope = isRecord(params.scope) ? params.scope : { type: 'default' };
  const chat = scope.chat_id === undefined ? '' : `:${String(scope.chat_id)}`;
  const user = scope.user_id === undefined ? '' : `:${String(scope.user_id)}`;
  return `${String(scope.type ?? 'default')}${chat}${user}|${optStr(params, 'language_code') ?? ''}`;
}

const now = (): number => Math.floor(Date.now() / 1000);

function optInt(params: Params, name: string): number | undefined {
  const value = params[name];
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw bad(`invalid ${name} specified`);
  return n;
}

function reqInt(params: Params, name: string, missing: string): number {
  const n = optInt(params, name);
  if (n === undefined) throw bad(missing);
  return n;
}

function optStr(params: Params, name: string): string | undefined {
  const value = params[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Approximates what a person sees: formatting markup removed (entities are not computed). */
export function visibleText(raw: string, parseMode: unknown): string {
  const mode = typeof parseMode === 'string' ? parseMode.toLowerCase() : '';
  if (mode === 'html') {
    return raw
      .replace(/<[^>]*>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#(\d+);/g, (_m, code: string) => String.fromCodePoint(Number(code)))
      .replace(/&amp;/g, '&');
  }
  if (mode === 'markdownv2') {
    return raw
      .replace(/\[((?:[^\]\\]|\\.)*)\]\((?:[^)\\]|\\.)*\)/g, '$1')
      .replace(/\\(.)|[*_~|`]/g, (_m, escaped?: string) => escaped ?? '');
  }
  if (mode === 'markdown') return raw.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_`]/g, '');
  return raw;
}

/** PNG stores its size in the IHDR chunk; anything else gets a plausible default. */
function imageSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47) {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  return { width: 512, height: 512 };
}

export function sniffContentType(bytes: Buffer): string {
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x89504e47) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return 'application/octet-stream';
}

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

const NOT_MODIFIED =
  'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';

export class FakeTelegramState {
  readonly me: UserFromGetMe;
  private readonly botUser: User;
  private readonly users = new Map<number, FakeUser>();
  private readonly chats = new Map<number, { lastMessageId: number; messages: Map<number, StoredMessage> }>();
  private readonly files = new Map<string, StoredFile>();
  private readonly filesByPath = new Map<string, StoredFile>();
  private readonly stickerSets = new Map<string, StickerSet>();
  private readonly callbacks = new Map<string, CallbackRecord>();
  private readonly blocked = new Set<number>();
  private readonly menuButtons = new Map<number, MenuButton>();
  private updates: Update[] = [];
  private nextUpdateId = 1;
  private nextFileNo = 1;
  private nextCallbackNo = 1;
  private nextMediaGroup = 1;
  // Keyed by scope and language, as Telegram keeps one list per pair.
  private readonly commands = new Map<string, BotCommand[]>();
  private webhookUrl = '';
  private readonly methods: Record<string, Handler>;
  private readonly canonical = new Map<string, string>();

  constructor(botInfo: Partial<{ id: number; first_name: string; username: string }> = {}) {
    this.botUser = {
      id: botInfo.id ?? 7_000_000_001,
      is_bot: true,
      first_name: botInfo.first_name ?? 'Fake Bot',
      username: botInfo.username ?? 'fake_test_bot',
    };
    this.me = {
      ...this.botUser,
      is_bot: true,
      username: this.botUser.username ?? 'fake_test_bot',
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
    this.methods = this.buildMethods();
    // Telegram matches method names case-insensitively; getUpdates is served by the transport.
    for (const name of [...Object.keys(this.methods), 'getUpdates']) this.canonical.set(name.toLowerCase(), name);
  }

  resolveMethod(name: string): string | undefined {
    return this.canonical.get(name.toLowerCase());
  }

  call(method: string, params: Params, uploads: ReadonlyMap<string, UploadedFile>): unknown {
    const handler = this.methods[method];
    if (!handler) throw new ApiError(404, 'Not Found: method not found');
    return handler(params, uploads);
  }

  // --- test controls -------------------------------------------------------

  /** The command list of a scope as a client would see it set (none: empty). */
  commandsFor(params: Params): BotCommand[] {
    return this.commands.get(commandScopeKey(params)) ?? [];
  }

  injectMessage(from: FakeUser, text: string): Update {
    this.users.set(from.id, from);
    // Writing to the bot again means the person unblocked it.
    this.blocked.delete(from.id);
    const command = /^\/[A-Za-z0-9_]+(?:@[A-Za-z0-9_]+)?/.exec(text);
    const entities: MessageEntity[] | undefined = command
      ? [{ type: 'bot_command', offset: 0, length: command[0].length }]
      : undefined;
    const user = this.asUser(from);
    const stored = this.post(from.id, user, { text, ...(entities ? { entities } : {}) });
    return this.enqueue({ message: { ...structuredClone(stored.message), chat: this.chatObject(from.id), from: user } });
  }

  injectCallback(from: FakeUser, messageId: number, data: string, chatId = from.id): { update: Update; id: string } {
    this.users.set(from.id, from);
    const stored = this.chats.get(chatId)?.messages.get(messageId);
    if (!stored) throw new Error(`fake-telegram: no message ${messageId} in chat ${chatId} to press a button on`);
    const id = String(4_000_000 + this.nextCallbackNo++);
    this.callbacks.set(id, { chatId, messageId, answered: false });
    const update = this.enqueue({
      callback_query: {
        id,
        from: this.asUser(from),
        // Snapshot: the button was pressed on the message as it looked at that moment.
        message: structuredClone(stored.message),
        chat_instance: `fake-instance-${chatId}`,
        data,
      },
    });
    return { update, id };
  }

  block(userId: number): void {
    this.blocked.add(userId);
  }

  isBlocked(chatId: number): boolean {
    return this.blocked.has(chatId);
  }

  addStickerSet(set: { name: string; title: string; stickers: Array<{ emoji?: string; png: Buffer }> }): void {
    const stickers: Sticker[] = set.stickers.map(({ emoji, png }) => {
      const file = this.addFile(png, 'stickers');
      return {
        file_id: file.fileId,
        file_unique_id: file.fileUniqueId,
        type: 'regular',
        width: file.width,
        height: file.height,
        is_animated: false,
        is_video: false,
        file_size: file.bytes.length,
        set_name: set.name,
        ...(emoji ? { emoji } : {}),
      };
    });
    this.stickerSets.set(set.name, { name: set.name, title: set.title, sticker_type: 'regular', stickers });
  }

  fileBytes(filePath: string): Buffer | undefined {
    return this.filesByPath.get(filePath)?.bytes;
  }

  chatLog(chatId: number): ChatEntry[] {
    return [...(this.chats.get(chatId)?.messages.values() ?? [])].map((stored) => this.toEntry(stored));
  }

  chatIds(): number[] {
    return [...this.chats.keys()];
  }

  // --- updates queue ---------------------------------------------------------

  /** Confirms updates below offset (negative: keep only the last -offset) and returns up to limit pending ones. */
  takeUpdates(offset: number | undefined, limit: number): Update[] {
    if (offset !== undefined && offset > 0) this.updates = this.updates.filter((u) => u.update_id >= offset);
    if (offset !== undefined && offset < 0) this.updates = this.updates.slice(offset);
    return this.updates.slice(0, limit);
  }

  private enqueue(body: Omit<Update, 'update_id'>): Update {
    const update: Update = { update_id: this.nextUpdateId++, ...body };
    this.updates.push(update);
    return update;
  }

  // --- model helpers ---------------------------------------------------------

  private asUser(user: FakeUser): User {
    return { ...user, is_bot: false };
  }

  private chatObject(chatId: number): Chat.PrivateChat | Chat.GroupChat {
    if (chatId < 0) return { id: chatId, type: 'group', title: `Group ${chatId}` };
    const user = this.users.get(chatId);
    return {
      id: chatId,
      type: 'private',
      // Sends to people who never wrote are allowed so demo data works; they get a placeholder name.
      first_name: user?.first_name ?? `User ${chatId}`,
      ...(user?.last_name ? { last_name: user.last_name } : {}),
      ...(user?.username ? { username: user.username } : {}),
    };
  }

  private post(chatId: number, from: User, content: Partial<Message>, replyMarkup?: unknown): StoredMessage {
    let chat = this.chats.get(chatId);
    if (!chat) {
      chat = { lastMessageId: 0, messages: new Map() };
      this.chats.set(chatId, chat);
    }
    const message: Message = {
      message_id: ++chat.lastMessageId,
      date: now(),
      chat: this.chatObject(chatId),
      from,
      ...content,
    } as Message;
    const inline = this.inlineOnly(replyMarkup);
    if (inline) message.reply_markup = inline;
    const stored: StoredMessage = { message, ...(replyMarkup !== undefined ? { replyMarkup } : {}) };
    chat.messages.set(message.message_id, stored);
    return stored;
  }

  private toEntry({ message, replyMarkup, callbackAnswer }: StoredMessage): ChatEntry {
    return {
      messageId: message.message_id,
      chatId: message.chat.id,
      fromBot: message.from?.id === this.botUser.id,
      date: message.date,
      ...(message.text !== undefined ? { text: message.text } : {}),
      ...(message.caption !== undefined ? { caption: message.caption } : {}),
      ...(message.photo ? { photo: true } : {}),
      ...(replyMarkup !== undefined ? { replyMarkup: structuredClone(replyMarkup) } : {}),
      edited: message.edit_date !== undefined,
      ...(callbackAnswer !== undefined ? { callbackAnswer } : {}),
    };
  }

  private addFile(bytes: Buffer, dir: 'photos' | 'stickers'): StoredFile {
    const n = this.nextFileNo++;
    const ext = EXTENSIONS[sniffContentType(bytes)] ?? 'jpg';
    const file: StoredFile = {
      fileId: `fake_${dir.slice(0, -1)}_${n}`,
      fileUniqueId: `fake_unique_${n}`,
      filePath: `${dir}/file_${n}.${ext}`,
      bytes,
      ...imageSize(bytes),
    };
    this.files.set(file.fileId, file);
    this.filesByPath.set(file.filePath, file);
    return file;
  }

  private photoSizes(file: StoredFile): PhotoSize[] {
    return [
      {
        file_id: file.fileId,
        file_unique_id: file.fileUniqueId,
        width: file.width,
        height: file.height,
        file_size: file.bytes.length,
      },
    ];
  }

  /** attach://name (multipart upload), a known file_id, an http(s) URL, or a bare upload under the field name. */
  private inputFile(value: unknown, field: string, uploads: ReadonlyMap<string, UploadedFile>): StoredFile {
    if (typeof value === 'string') {
      const attached = value.startsWith('attach://') ? uploads.get(value.slice('attach://'.length)) : undefined;
      if (attached) return this.addFile(attached.bytes, 'photos');
      const known = this.files.get(value);
      if (known) return known;
      // There is no internet: a URL photo is stored without bytes.
      if (/^https?:\/\//i.test(value)) return this.addFile(Buffer.alloc(0), 'photos');
      throw bad('wrong file identifier/HTTP URL specified');
    }
    const bare = uploads.get(field);
    if (value === undefined && bare) return this.addFile(bare.bytes, 'photos');
    throw bad(`there is no ${field} in the request`);
  }

  private chatId(params: Params): number {
    const value = params.chat_id;
    if (value === undefined || value === '') throw bad('chat_id is empty');
    try {
      return reqInt(params, 'chat_id', 'chat_id is empty');
    } catch {
      throw bad('chat not found');
    }
  }

  private find(params: Params, missing: string): StoredMessage {
    const chatId = this.chatId(params);
    const messageId = reqInt(params, 'message_id', 'message identifier is not specified');
    const stored = this.chats.get(chatId)?.messages.get(messageId);
    if (!stored) throw bad(missing);
    return stored;
  }

  private replyMarkup(params: Params): unknown {
    const markup = params.reply_markup;
    if (markup === undefined || markup === null) return undefined;
    if (!isRecord(markup)) throw bad("can't parse reply keyboard markup JSON object");
    if (markup.inline_keyboard !== undefined) {
      const rows = markup.inline_keyboard;
      if (!Array.isArray(rows) || !rows.every(Array.isArray)) throw bad("can't parse inline keyboard markup");
      for (const button of rows.flat()) {
        if (!isRecord(button) || typeof button.text !== 'string') throw bad("can't parse inline keyboard button");
        if (Object.keys(button).length < 2) {
          throw bad("can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard");
        }
        const data = button.callback_data;
        if (typeof data === 'string' && (data.length === 0 || Buffer.byteLength(data) > 64)) {
          throw bad('BUTTON_DATA_INVALID');
        }
      }
    }
    return markup;
  }

  private inlineOnly(markup: unknown): InlineKeyboardMarkup | undefined {
    // Validated by replyMarkup(); only inline keyboards are part of a Message.
    return isRecord(markup) && Array.isArray(markup.inline_keyboard) ? (markup as unknown as InlineKeyboardMarkup) : undefined;
  }

  private text(params: Params, name: 'text' | 'caption', limit: number): string | undefined {
    const raw = optStr(params, name);
    if (raw === undefined) return undefined;
    const shown = visibleText(raw, params.parse_mode);
    if (shown.length > limit) throw bad(name === 'text' ? 'message is too long' : 'message caption is too long');
    return shown;
  }

  private edit(stored: StoredMessage, change: Partial<Message>, replyMarkup: unknown): Message {
    if (stored.message.from?.id !== this.botUser.id) throw bad("message can't be edited");
    const { message } = stored;
    const same =
      Object.entries(change).every(([key, value]) => message[key as keyof Message] === value) &&
      JSON.stringify(replyMarkup) === JSON.stringify(stored.replyMarkup);
    if (same) throw bad(NOT_MODIFIED);
    Object.assign(message, change, { edit_date: now() });
    // Like Telegram, an edit without reply_markup removes the inline keyboard.
    const inline = this.inlineOnly(replyMarkup);
    if (inline) message.reply_markup = inline;
    else delete message.reply_markup;
    if (replyMarkup === undefined) delete stored.replyMarkup;
    else stored.replyMarkup = replyMarkup;
    return message;
  }

  private buildMethods(): Record<string, Handler> {
    return {
      getMe: () => this.me,
      deleteWebhook: (p) => {
        if (p.drop_pending_updates === true) this.updates = [];
        this.webhookUrl = '';
        return true;
      },
      setWebhook: (p) => {
        this.webhookUrl = optStr(p, 'url') ?? '';
        return true;
      },
      getWebhookInfo: () => ({
        url: this.webhookUrl,
        has_custom_certificate: false,
        pending_update_count: this.updates.length,
      }),
      setMyCommands: (p) => {
        if (!Array.isArray(p.commands)) throw bad('commands must be an array');
        this.commands.set(commandScopeKey(p), p.commands as BotCommand[]);
        return true;
      },
      getMyCommands: (p) => this.commands.get(commandScopeKey(p)) ?? [],
      deleteMyCommands: (p) => {
        this.commands.delete(commandScopeKey(p));
        return true;
      },
      setChatMenuButton: (p) => {
        const button: MenuButton = isRecord(p.menu_button) ? (p.menu_button as unknown as MenuButton) : { type: 'default' };
        this.menuButtons.set(optInt(p, 'chat_id') ?? 0, button);
        return true;
      },
      getChatMenuButton: (p) =>
        this.menuButtons.get(optInt(p, 'chat_id') ?? 0) ?? this.menuButtons.get(0) ?? { type: 'default' },
      sendChatAction: (p) => {
        this.chatId(p);
        return true;
      },
      getChat: (p) => ({ ...this.chatObject(this.chatId(p)), accent_color_id: 0, max_reaction_count: 11 }),
      sendMessage: (p) => {
        const chatId = this.chatId(p);
        const text = this.text(p, 'text', 4096);
        if (!text) throw bad('message text is empty');
        return this.post(chatId, this.botUser, { text }, this.replyMarkup(p)).message;
      },
      sendPhoto: (p, uploads) => {
        const chatId = this.chatId(p);
        const caption = this.text(p, 'caption', 1024);
        const markup = this.replyMarkup(p);
        const photo = this.photoSizes(this.inputFile(p.photo, 'photo', uploads));
        return this.post(chatId, this.botUser, { photo, ...(caption ? { caption } : {}) }, markup).message;
      },
      sendMediaGroup: (p, uploads) => {
        const chatId = this.chatId(p);
        const media = p.media;
        if (!Array.isArray(media) || media.length < 2 || media.length > 10) {
          throw bad('media must be an array of 2-10 InputMedia items');
        }
        const groupId = String(13_000_000 + this.nextMediaGroup++);
        const items = media.map((item: unknown) => {
          if (!isRecord(item) || item.type !== 'photo') throw bad('the fake only supports photo albums');
          const caption = this.text(item, 'caption', 1024);
          return { photo: this.photoSizes(this.inputFile(item.media, 'media', uploads)), caption };
        });
        return items.map(({ photo, caption }) => {
          const content = { photo, media_group_id: groupId, ...(caption ? { caption } : {}) };
          return this.post(chatId, this.botUser, content).message;
        });
      },
      editMessageText: (p) => {
        if (p.inline_message_id !== undefined) return true;
        const stored = this.find(p, 'message to edit not found');
        if (stored.message.text === undefined) throw bad('there is no text in the message to edit');
        const text = this.text(p, 'text', 4096);
        if (!text) throw bad('message text is empty');
        return this.edit(stored, { text }, this.replyMarkup(p));
      },
      editMessageCaption: (p) => {
        if (p.inline_message_id !== undefined) return true;
        const stored = this.find(p, 'message to edit not found');
        if (!stored.message.photo) throw bad('there is no caption in the message to edit');
        const caption = this.text(p, 'caption', 1024);
        return this.edit(stored, { caption }, this.replyMarkup(p));
      },
      editMessageReplyMarkup: (p) => {
        if (p.inline_message_id !== undefined) return true;
        const stored = this.find(p, 'message to edit not found');
        return this.edit(stored, {}, this.replyMarkup(p));
      },
      deleteMessage: (p) => {
        const stored = this.find(p, 'message to delete not found');
        this.chats.get(stored.message.chat.id)?.messages.delete(stored.message.message_id);
        return true;
      },
      deleteMessages: (p) => {
        const chat = this.chats.get(this.chatId(p));
        const ids = Array.isArray(p.message_ids) ? p.message_ids : [];
        for (const id of ids) if (typeof id === 'number') chat?.messages.delete(id);
        return true;
      },
      answerCallbackQuery: (p) => {
        const record = this.callbacks.get(optStr(p, 'callback_query_id') ?? '');
        if (!record || record.answered) {
          throw bad('query is too old and response timeout expired or query ID is invalid');
        }
        record.answered = true;
        const stored = this.chats.get(record.chatId)?.messages.get(record.messageId);
        if (stored) stored.callbackAnswer = optStr(p, 'text') ?? '';
        return true;
      },
      getStickerSet: (p) => {
        const set = this.stickerSets.get(optStr(p, 'name') ?? '');
        if (!set) throw bad('STICKERSET_INVALID');
        return set;
      },
      getFile: (p): TgFile => {
        const file = this.files.get(optStr(p, 'file_id') ?? '');
        if (!file) throw bad('invalid file_id');
        return {
          file_id: file.fileId,
          file_unique_id: file.fileUniqueId,
          file_size: file.bytes.length,
          file_path: file.filePath,
        };
      },
    };
  }
}
