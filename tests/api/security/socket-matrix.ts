import { SOCKET_PATHS, type SocketPath } from '../../../contracts/realtime';
import type { Identity } from '../../support/security/identities';
import type { Fixtures } from '../../support/security/fixtures';
import type { Idor, Lookup } from './permission-matrix';

/** The upgrade of either socket: identity is fixed there, so every message inherits it. 101 = opened. */
export const SOCKETS: Record<SocketPath, Record<Identity, number>> = {
  [SOCKET_PATHS.likes]: { none: 401, tampered: 401, expired: 401, user: 101, banned: 403, moderator: 101, admin: 101 },
  [SOCKET_PATHS.messages]: { none: 401, tampered: 401, expired: 401, user: 101, banned: 403, moderator: 101, admin: 101 },
};

export interface SocketMessageEntry {
  path: SocketPath;
  /** The `t` of the reply to a valid message. */
  reply: string;
  data: (f: Fixtures, caller: number) => Promise<unknown> | unknown;
  idor: Idor<unknown>;
  lookup: Lookup<unknown>;
}

const chatOf = async (f: Fixtures, me: number) => String((await f.chatOf(me)).chatId);
const othersChat = async (f: Fixtures) => String((await f.othersChat()).chatId);
const LIKES = SOCKET_PATHS.likes;
const MESSAGES = SOCKET_PATHS.messages;
const NO_ID = 'names no one else’s data';
const BY_DESIGN = 'names the other user by design (introductions, age bands, filters and blocks are checked)';

const NO_USER = { none: 'takes no user id' } as const;
/** Every message a client may send (`ch t`, as in CLIENT_MESSAGE_TYPES); one missing here fails the suite. */
export const SOCKET_MESSAGES: Record<string, SocketMessageEntry> = {
  'likes get_received': { path: LIKES, reply: 'received_likes', data: () => ({}), idor: { none: NO_ID }, lookup: NO_USER },
  'likes get_sent': { path: LIKES, reply: 'sent_likes', data: () => ({}), idor: { none: NO_ID }, lookup: NO_USER },
  'likes get_stats': { path: LIKES, reply: 'stats', data: () => ({}), idor: { none: NO_ID }, lookup: NO_USER },
  'likes seen': {
    path: LIKES,
    reply: 'seen_ok',
    data: async (f) => ({ targetUserId: String(await f.member()) }),
    idor: { none: 'marks only a like the caller received' },
    lookup: { call: (_f, _me, userId) => ({ targetUserId: String(userId) }) },
  },
  'likes action': {
    path: LIKES,
    reply: 'action_success',
    data: async (f, me) => ({ targetUserId: String(await f.introducedTo(me)), action: 'like' }),
    idor: { none: BY_DESIGN },
    lookup: { call: (_f, _me, userId) => ({ targetUserId: String(userId), action: 'like' }) },
  },
  'explore next': {
    path: LIKES,
    reply: 'profile',
    data: () => ({}),
    idor: { none: NO_ID },
    lookup: { none: 'skip only leaves a card out of the caller’s feed: nothing of that person comes back' },
  },
  'explore like': {
    path: LIKES,
    reply: 'ack',
    data: async (f, me) => ({ targetUserId: String(await f.introducedTo(me)) }),
    idor: { none: BY_DESIGN },
    lookup: { call: (_f, _me, userId) => ({ targetUserId: String(userId) }) },
  },
  'explore dislike': {
    path: LIKES,
    reply: 'ack',
    data: async (f, me) => ({ targetUserId: String(await f.introducedTo(me)) }),
    idor: { none: BY_DESIGN },
    lookup: { call: (_f, _me, userId) => ({ targetUserId: String(userId) }) },
  },
  'chats presenceSnapshot': { path: MESSAGES, reply: 'presenceSnapshot', data: () => ({}), idor: { none: NO_ID }, lookup: NO_USER },
  'messages subscribe': {
    path: MESSAGES,
    reply: 'subscribed',
    data: async (f, me) => ({ chatId: await chatOf(f, me) }),
    idor: { expect: 'error', call: async (f) => ({ chatId: await othersChat(f) }) },
    lookup: NO_USER,
  },
  'messages unsubscribe': {
    path: MESSAGES,
    reply: 'unsubscribed',
    data: async (f, me) => ({ chatId: await chatOf(f, me) }),
    idor: { none: 'only forgets a subscription of this socket' },
    lookup: NO_USER,
  },
  'messages send': {
    path: MESSAGES,
    reply: 'sent',
    data: async (f, me) => ({ chatId: await chatOf(f, me), text: 'Привет', clientId: 'm-1' }),
    idor: { expect: 'error', call: async (f) => ({ chatId: await othersChat(f), text: 'Привет', clientId: 'm-2' }) },
    lookup: NO_USER,
  },
  'messages mark_read': {
    path: MESSAGES,
    reply: 'read',
    data: async (f, me) => ({ chatId: await chatOf(f, me) }),
    idor: { expect: 'error', call: async (f) => ({ chatId: await othersChat(f) }) },
    lookup: NO_USER,
  },
  'messages typing': {
    path: MESSAGES,
    reply: 'typing_ack',
    data: async (f, me) => ({ chatId: await chatOf(f, me) }),
    idor: { expect: 'error', call: async (f) => ({ chatId: await othersChat(f) }) },
    lookup: NO_USER,
  },
  'messages delete': {
    path: MESSAGES,
    reply: 'deleted',
    data: async (f, me) => {
      const { chatId } = await f.chatOf(me);
      return { chatId: String(chatId), messageId: String(await f.message(chatId, me)) };
    },
    idor: {
      expect: 'error',
      call: async (f) => {
        const { chatId, a } = await f.othersChat();
        return { chatId: String(chatId), messageId: String(await f.message(chatId, a)) };
      },
    },
    lookup: NO_USER,
  },
  'messages chat_info': {
    path: MESSAGES,
    reply: 'chat_info',
    data: async (f, me) => ({ chatId: await chatOf(f, me) }),
    idor: { expect: 'error', call: async (f) => ({ chatId: await othersChat(f) }) },
    lookup: NO_USER,
  },
};
