import type { MessageRecord } from '../chats/message-record';

/** Facts the domain announces after they are committed; subscribers (ws hub, bot notifications) react. */
export interface DomainEventMap {
  'like.created': { fromId: number; toId: number };
  'match.created': { userIds: [number, number]; chatId: number };
  /** A message was stored (never for a retried send); `memberIds` are the chat's members at that moment. */
  'message.created': { message: MessageRecord; memberIds: number[] };
  /** Something the chat list or chat screen shows changed (read state, archive, block, age band); only `userIds` need to hear it. */
  'chat.updated': { chatId: number; userIds: number[] };
  /** The chat left these users' lists (archived by them, or gone). */
  'chat.deleted': { chatId: number; userIds: number[] };
}

export type DomainEventName = keyof DomainEventMap;
export type DomainEvent = { [K in DomainEventName]: { name: K; payload: DomainEventMap[K] } }[DomainEventName];
