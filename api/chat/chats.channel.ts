import type { EntityManager } from '@mikro-orm/postgresql';
import { chatAccessesOf, type ChatAccess } from '../../db/chats/chat-access';
import type { SharedReads } from './shared-reads';
import { CHAT_MESSAGES, type Presence } from '../../contracts/chat';
import type { ChannelHandler } from '../realtime/channels';
import type { Hub } from '../realtime/hub';
import { peerPresence } from './chat-views';

/** Presence of every peer of the user's chats (the list's online dots). */
export async function presenceSnapshot(
  em: EntityManager,
  hub: Hub,
  userId: number,
  chatReads?: SharedReads<number, ChatAccess[]>,
): Promise<{ users: Presence[] }> {
  const load = () => chatAccessesOf(em, userId);
  const chats = await (chatReads ? chatReads.read(userId, load) : load());
  return { users: chats.map((chat) => peerPresence(chat, (id) => hub.isOnline(id))) };
}

/** ch:'chats' is mostly server → client; a client may ask for the snapshot again ({t:'presenceSnapshot'}). */
export function createChatsChannel(deps: { hub: Hub }): ChannelHandler {
  return async ({ em, user, message, reply }) => {
    if (message.t === 'presenceSnapshot') return reply('presenceSnapshot', await presenceSnapshot(em, deps.hub, user.telegramId));
    return reply('error', { message: CHAT_MESSAGES.unknownRequest });
  };
}
