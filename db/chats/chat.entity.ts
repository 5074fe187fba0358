import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A private conversation of a matched pair; `pairKey` ("lowId:highId") makes a second chat for the pair impossible. */
export const Chat = defineEntity({
  name: 'Chat',
  tableName: 'chats',
  properties: (p) => ({
    id: p.bigint('number').primary().autoincrement(),
    pairKey: p.string().length(48).unique(),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastMessageAt: p.datetime().nullable(),
    // Highest per-chat message sequence number handed out so far.
    lastSeq: p.bigint('number').defaultRaw('0'),
  }),
});

export type Chat = InferEntity<typeof Chat>;
