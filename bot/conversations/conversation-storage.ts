import type { ConversationData, VersionedState } from '@grammyjs/conversations';
import type { Context } from 'grammy';
import { deleteConversationState, readConversationState, writeConversationState } from '../../db/bot/conversation-states';
import type { Orm } from '../../db/orm';

type State = VersionedState<ConversationData>;

/** One conversation per chat and person. */
export const conversationKey = (ctx: Context) => (ctx.chatId !== undefined && ctx.from ? `${ctx.chatId}:${ctx.from.id}` : undefined);

/**
 * Conversation state in PostgreSQL per chat *and* person (grammY conversations' key storage), so two moderators
 * typing reasons in one group do not share a conversation, a restart loses nothing, and the reason may reach
 * another API process (webhook) than the button press did.
 */
export function conversationStorage(orm: Orm) {
  return {
    type: 'key' as const,
    getStorageKey: conversationKey,
    adapter: {
      read: async (key: string) => (await readConversationState(orm, key)) as State | undefined,
      write: (key: string, state: State) => writeConversationState(orm, key, state),
      delete: (key: string) => deleteConversationState(orm, key),
    },
  };
}
