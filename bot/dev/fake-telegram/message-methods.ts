import type { ChatStore } from './chats';
import type { FileStore } from './files';
import { replyMarkupParam, textParam } from './markup';
import { bad, chatIdOf, isRecord, type Handler, type Params, type Uploads } from './params';

/** sendMessage, sendPhoto, sendMediaGroup, getChat, sendChatAction: what the bot writes into chats. */
export function sendMethods(chats: ChatStore, files: FileStore): Record<string, Handler> {
  let nextMediaGroup = 1;
  const bot = chats.botUser;
  const sendMediaGroup = (p: Params, uploads: Uploads): unknown => {
    const chatId = chatIdOf(p);
    const media = p.media;
    if (!Array.isArray(media) || media.length < 2 || media.length > 10) {
      throw bad('media must be an array of 2-10 InputMedia items');
    }
    const groupId = String(13_000_000 + nextMediaGroup++);
    const items = media.map((item: unknown) => {
      if (!isRecord(item) || item.type !== 'photo') throw bad('the fake only supports photo albums');
      const caption = textParam(item, 'caption', 1024);
      return { photo: files.photoSizes(files.input(item.media, 'media', uploads)), caption };
    });
    return items.map(({ photo, caption }) => {
      const content = { photo, media_group_id: groupId, ...(caption ? { caption } : {}) };
      return chats.post(chatId, bot, content).message;
    });
  };
  return {
    sendChatAction: (p) => {
      chatIdOf(p);
      return true;
    },
    getChat: (p) => ({ ...chats.chatObject(chatIdOf(p)), accent_color_id: 0, max_reaction_count: 11 }),
    sendMessage: (p) => {
      const chatId = chatIdOf(p);
      const text = textParam(p, 'text', 4096);
      if (!text) throw bad('message text is empty');
      return chats.post(chatId, bot, { text }, replyMarkupParam(p)).message;
    },
    sendPhoto: (p, uploads) => {
      const chatId = chatIdOf(p);
      const caption = textParam(p, 'caption', 1024);
      const markup = replyMarkupParam(p);
      const photo = files.photoSizes(files.input(p.photo, 'photo', uploads));
      return chats.post(chatId, bot, { photo, ...(caption ? { caption } : {}) }, markup).message;
    },
    sendMediaGroup,
  };
}

/** editMessage*, deleteMessage(s): changes to messages the bot sent. */
export function editMethods(chats: ChatStore): Record<string, Handler> {
  return {
    editMessageText: (p) => {
      if (p.inline_message_id !== undefined) return true;
      const stored = chats.find(p, 'message to edit not found');
      if (stored.message.text === undefined) throw bad('there is no text in the message to edit');
      const text = textParam(p, 'text', 4096);
      if (!text) throw bad('message text is empty');
      return chats.edit(stored, { text }, replyMarkupParam(p));
    },
    editMessageCaption: (p) => {
      if (p.inline_message_id !== undefined) return true;
      const stored = chats.find(p, 'message to edit not found');
      if (!stored.message.photo) throw bad('there is no caption in the message to edit');
      const caption = textParam(p, 'caption', 1024);
      return chats.edit(stored, { caption }, replyMarkupParam(p));
    },
    editMessageReplyMarkup: (p) => {
      if (p.inline_message_id !== undefined) return true;
      const stored = chats.find(p, 'message to edit not found');
      return chats.edit(stored, {}, replyMarkupParam(p));
    },
    deleteMessage: (p) => {
      const { message } = chats.find(p, 'message to delete not found');
      chats.delete(message.chat.id, message.message_id);
      return true;
    },
    deleteMessages: (p) => {
      const chatId = chatIdOf(p);
      const ids = Array.isArray(p.message_ids) ? p.message_ids : [];
      for (const id of ids) if (typeof id === 'number') chats.delete(chatId, id);
      return true;
    },
  };
}
