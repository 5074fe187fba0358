import type { Chat, Message, User } from 'grammy/types';
import { inlineOnly } from './markup';
import { bad, chatIdOf, reqInt, type Params } from './params';

/** The chats the bot has: who wrote, every message as it stands now, who blocked the bot. */

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

export interface StoredMessage {
  message: Message;
  // Kept apart from message.reply_markup because real messages only echo inline keyboards.
  replyMarkup?: unknown;
  callbackAnswer?: string;
}

const now = (): number => Math.floor(Date.now() / 1000);

const NOT_MODIFIED =
  'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';

export class ChatStore {
  private readonly users = new Map<number, FakeUser>();
  private readonly chats = new Map<number, { lastMessageId: number; messages: Map<number, StoredMessage> }>();
  private readonly blocked = new Set<number>();

  constructor(readonly botUser: User) {}

  meet(user: FakeUser): void {
    this.users.set(user.id, user);
  }

  block(userId: number): void {
    this.blocked.add(userId);
  }

  unblock(userId: number): void {
    this.blocked.delete(userId);
  }

  isBlocked(chatId: number): boolean {
    return this.blocked.has(chatId);
  }

  chatObject(chatId: number): Chat.PrivateChat | Chat.GroupChat {
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

  post(chatId: number, from: User, content: Partial<Message>, replyMarkup?: unknown): StoredMessage {
    let chat = this.chats.get(chatId);
    if (!chat) {
      chat = { lastMessageId: 0, messages: new Map() };
      this.chats.set(chatId, chat);
    }
    const message = { message_id: ++chat.lastMessageId, date: now(), chat: this.chatObject(chatId), from, ...content } as Message;
    const inline = inlineOnly(replyMarkup);
    if (inline) message.reply_markup = inline;
    const stored: StoredMessage = { message, ...(replyMarkup !== undefined ? { replyMarkup } : {}) };
    chat.messages.set(message.message_id, stored);
    return stored;
  }

  message(chatId: number, messageId: number): StoredMessage | undefined {
    return this.chats.get(chatId)?.messages.get(messageId);
  }

  /** The message named by chat_id and message_id, or a Bad Request saying `missing`. */
  find(params: Params, missing: string): StoredMessage {
    const chatId = chatIdOf(params);
    const messageId = reqInt(params, 'message_id', 'message identifier is not specified');
    const stored = this.message(chatId, messageId);
    if (!stored) throw bad(missing);
    return stored;
  }

  delete(chatId: number, messageId: number): void {
    this.chats.get(chatId)?.messages.delete(messageId);
  }

  edit(stored: StoredMessage, change: Partial<Message>, replyMarkup: unknown): Message {
    if (stored.message.from?.id !== this.botUser.id) throw bad("message can't be edited");
    const { message } = stored;
    const same =
      Object.entries(change).every(([key, value]) => message[key as keyof Message] === value) &&
      JSON.stringify(replyMarkup) === JSON.stringify(stored.replyMarkup);
    if (same) throw bad(NOT_MODIFIED);
    Object.assign(message, change, { edit_date: now() });
    // Like Telegram, an edit without reply_markup removes the inline keyboard.
    const inline = inlineOnly(replyMarkup);
    if (inline) message.reply_markup = inline;
    else delete message.reply_markup;
    if (replyMarkup === undefined) delete stored.replyMarkup;
    else stored.replyMarkup = replyMarkup;
    return message;
  }

  chatLog(chatId: number): ChatEntry[] {
    return [...(this.chats.get(chatId)?.messages.values() ?? [])].map((stored) => this.toEntry(stored));
  }

  chatIds(): number[] {
    return [...this.chats.keys()];
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
}
