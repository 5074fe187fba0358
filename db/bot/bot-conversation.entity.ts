import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** The state of one bot conversation (grammY conversations), by chat and person; read through db/bot/conversation-states.ts. */
export const BotConversation = defineEntity({
  name: 'BotConversation',
  tableName: 'bot_conversations',
  properties: (p) => ({
    key: p.string().length(64).primary(),
    state: p.json<Record<string, unknown>>(),
    updatedAt: p.datetime().index('bot_conversations_updated_at_index'),
  }),
});

export type BotConversation = InferEntity<typeof BotConversation>;
