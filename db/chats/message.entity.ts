import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { MESSAGE_TYPES } from '../../contracts/chat';
import { Image } from '../media/image.entity';
import { Sticker } from '../stickers/sticker.entity';
import { User } from '../users/user.entity';
import { Chat } from './chat.entity';

/**
 * One chat message. `seq` is handed out from chats.last_seq in the sending transaction, so the order
 * is total per chat; (chat, sender, clientId) is unique, so a retried send is stored once.
 */
export const Message = defineEntity({
  name: 'Message',
  tableName: 'messages',
  properties: (p) => ({
    id: p.bigint('number').primary().autoincrement(),
    chat: p.manyToOne(Chat).mapToPk().deleteRule('cascade').updateRule('cascade').fieldName('chat_id'),
    // Null once the sender's account is deleted.
    sender: p.manyToOne(User).mapToPk().nullable().deleteRule('set null').updateRule('cascade').fieldName('sender_id'),
    clientId: p.string().length(64).nullable(),
    seq: p.bigint('number'),
    type: p.enum([...MESSAGE_TYPES]),
    text: p.text().nullable(),
    photo: p.manyToOne(Image).mapToPk().nullable().deleteRule('set null').updateRule('cascade').fieldName('photo_image_id').index(),
    sticker: p.manyToOne(Sticker).mapToPk().nullable().deleteRule('set null').updateRule('cascade').fieldName('sticker_id').index(),
    // A plain id (no foreign key): the replied message may be auto-deleted first.
    replyToId: p.bigint('number').nullable(),
    isPinned: p.boolean().default(false),
    isEdit: p.boolean().default(false),
    // Screening found its photo or sticker may be explicit (issue #27): the peer sees it behind a warning.
    sensitive: p.boolean().default(false),
    createdAt: p.datetime(),
    deletedAt: p.datetime().nullable(),
  }),
  uniques: [
    { name: 'messages_chat_seq_unique', properties: ['chat', 'seq'] },
    { name: 'messages_chat_sender_client_unique', properties: ['chat', 'sender', 'clientId'] },
  ],
  // The auto-delete job walks each chat's oldest messages.
  indexes: [{ name: 'messages_chat_created_index', properties: ['chat', 'createdAt'] }],
});

export type Message = InferEntity<typeof Message>;
