import type { ConversationData, VersionedState } from '@grammyjs/conversations';
import type { Context } from 'grammy';

/**
 * In-memory conversation state per chat *and* person, so two moderators typing reasons in one group
 * do not share a conversation. Lost on restart: a half-typed reason is simply asked for again.
 */
export function conversationStorage() {
  const states = new Map<string, VersionedState<ConversationData>>();
  return {
    type: 'key' as const,
    getStorageKey: (ctx: Context) => (ctx.chatId !== undefined && ctx.from ? `${ctx.chatId}:${ctx.from.id}` : undefined),
    adapter: {
      read: (key: string) => states.get(key),
      write: (key: string, state: VersionedState<ConversationData>) => void states.set(key, state),
      delete: (key: string) => void states.delete(key),
    },
  };
}
