import type { MessageRecord } from '../chats/message-record';
import type { Decision, ModerationType } from '../../contracts/moderation';
import type { ReportStatus } from '../../contracts/reports';
import type { RoleName } from '../../contracts/user';

/** Facts the domain announces after they are committed; subscribers (ws hub, bot notifications) react. */
export interface DomainEventMap {
  'like.created': { fromId: number; toId: number };
  'match.created': { userIds: [number, number]; chatId: number };
  /**
   * A message was stored (never for a retried send); `memberIds` are the chat's members at that moment;
   * `minors` unless both were adults (their media then arrive blurred; absent counts as true).
   */
  'message.created': { message: MessageRecord; memberIds: number[]; minors?: boolean };
  /** Something the chat list or chat screen shows changed (read state, archive, block, age band); only `userIds` need to hear it. */
  'chat.updated': { chatId: number; userIds: number[] };
  /** The chat left these users' lists (archived by them, or gone). */
  'chat.deleted': { chatId: number; userIds: number[] };
  /** Its author deleted a message for both sides (`message.deletedAt` set); members' open chats show 'Сообщение удалено'. */
  'message.deleted': { message: MessageRecord; memberIds: number[]; minors: boolean };
  /** A member's read mark moved forward in an open chat (the peer's ✓✓). */
  'chat.read': { chatId: number; readerId: number; lastReadSeq: number };
  /** A member is typing (already rate limited and checked: both may still write); only `peerId` hears it. */
  'chat.typing': { chatId: number; userId: number; peerId: number };
  /** `blockerId` put `blockedId` on (blocked) or took them off (not blocked) their blacklist. */
  'block.changed': { blockerId: number; blockedId: number; blocked: boolean };
  /** A user reported another user or one of their messages; moderators may want to hear of it. */
  'report.created': { reportId: number; reporterId: number; reportedUserId: number };
  /**
   * The account and everything personal of it is gone; only moderation and audit records keep the id.
   * `itemIds`: its pending moderation items, deleted with it (their bot posts are closed).
   */
  'account.deleted': { userId: number; itemIds: number[] };
  /** A moderation item was queued, or a pending one got newer content (a merged edit); published for any code path. */
  'moderation.item_created': { itemId: number; userId: number; type: ModerationType };
  'moderation.item_updated': { itemId: number; userId: number; type: ModerationType };
  /** A pending item was decided (panel, bot or a service); `reason` as the user will see it. */
  'moderation.decided': {
    itemId: number;
    userId: number;
    type: ModerationType;
    status: Decision;
    reason: string | null;
    reviewerId: number | null;
  };
  /** A moderator decided a report: rejected, blocked the user, warned them (the bot tells them) or removed the message. */
  'report.decided': { reportId: number; reportedUserId: number; status: Exclude<ReportStatus, 'PENDING'>; reviewerId: number | null };
  /** The user lost access; live sockets are closed and the user is told. */
  'user.banned': { userId: number; reason: string | null; byId: number | null };
  /** The ban was lifted; the user is told. */
  'user.unbanned': { userId: number; byId: number | null };
  /** An admin changed the user's role; the user is told. */
  'user.role_changed': { userId: number; role: RoleName; previousRole: RoleName; byId: number | null };
  /** The user's row was changed through the ORM (any column: names, photo, ban, role); caches of it are stale. */
  'user.changed': { userId: number };
}

export type DomainEventName = keyof DomainEventMap;
export type DomainEvent = { [K in DomainEventName]: { name: K; payload: DomainEventMap[K] } }[DomainEventName];
