import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { User } from '../users/user.entity';
import { Chat } from './chat.entity';

/** One participant of a chat with their own reading state. */
export const ChatMember = defineEntity({
  name: 'ChatMember',
  tableName: 'chat_members',
  properties: (p) => ({
    chat: p.manyToOne(Chat).primary().mapToPk().deleteRule('cascade').fieldName('chat_id'),
    // A deleted account's row goes with it; the chat then has one member and the peer sees 'Удалённый аккаунт'.
    user: p.manyToOne(User).primary().mapToPk().deleteRule('cascade').fieldName('user_id'),
    lastReadSeq: p.bigint('number').defaultRaw('0'),
    archived: p.boolean().default(false),
    joinedAt: p.datetime().onCreate(() => new Date()),
  }),
  indexes: [{ name: 'chat_members_user_index', properties: ['user'] }],
});

export type ChatMember = InferEntity<typeof ChatMember>;
