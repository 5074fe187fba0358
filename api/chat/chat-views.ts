import type { ChatAccess } from '../../db/chats/chat-access';
import { chatTitleOf, type ChatSummary } from '../../db/chats/chat-list.repository';
import type { MessageRecord } from '../../db/chats/message-record';
import {
  CHAT_MESSAGES,
  READ_ONLY_NOTICES,
  type ChatInfo,
  type ChatListItem,
  type ChatMessage,
  type Presence,
  type ReplyQuote,
} from '../../contracts/chat';
import { imagePath } from '../../contracts/media';

/**
 * The shape every client sees; a photo is blurred for everyone but its sender (AMENDMENTS §1.5), and so is a
 * sticker in a chat between minors (`minors`, decided from the pair's ages on the server): any public pack can be imported.
 * `sensitive` (screening, issue #27) travels with the message to both sides; the sender's own copy is not blurred.
 */
export function toMessageView(m: MessageRecord, viewerId: number, minors: boolean): ChatMessage {
  // A deleted message keeps its place and time; nothing of what it said reaches anyone.
  if (m.deletedAt)
    return {
      ...withContent(m, viewerId, minors),
      text: null,
      photoUrl: null,
      blurred: false,
      sensitive: false,
      stickerId: null,
      stickerUrl: null,
      replyId: null,
      replyTo: null,
      deleted: true,
    };
  return withContent(m, viewerId, minors);
}

function quoteOf(reply: NonNullable<MessageRecord['replyTo']>): ReplyQuote {
  const preview = reply.deleted ? CHAT_MESSAGES.messageDeleted : (previewOf(reply) ?? '');
  return {
    id: String(reply.id),
    senderId: reply.senderId === null ? null : String(reply.senderId),
    messageType: reply.type,
    preview,
    deleted: reply.deleted,
  };
}

function withContent(m: MessageRecord, viewerId: number, minors: boolean): ChatMessage {
  return {
    id: String(m.id),
    chatId: String(m.chatId),
    seq: m.seq,
    senderId: m.senderId === null ? null : String(m.senderId),
    clientId: m.clientId,
    messageType: m.type,
    text: m.text,
    photoUrl: m.photoImageId ? imagePath(m.photoImageId, 'media') : null,
    // A sensitive photo or sticker (issue #27) is blurred for everyone but its sender, whatever the ages.
    blurred: m.senderId !== viewerId && (m.type === 'PHOTO' || (m.type === 'STICKER' && (minors || m.sensitive === true))),
    sensitive: m.sensitive === true,
    stickerId: m.stickerId === null ? null : String(m.stickerId),
    stickerUrl: m.stickerImageId ? stickerImageUrl(m.stickerImageId) : null,
    replyId: m.replyToId === null ? null : String(m.replyToId),
    replyTo: m.replyTo ? quoteOf(m.replyTo) : null,
    isPinned: m.isPinned,
    isEdit: m.isEdit,
    deleted: false,
    createdAt: m.createdAt.toISOString(),
  };
}

export const stickerImageUrl = (imageId: string) => imagePath(imageId, 'media', { w: 256 });

/** The list's one-line preview of a message. */
export function previewOf(last: { type: MessageRecord['type']; text: string | null } | null): string | null {
  if (!last) return null;
  if (last.type === 'PHOTO') return last.text ? `${CHAT_MESSAGES.photoPreview}: ${last.text}` : CHAT_MESSAGES.photoPreview;
  if (last.type === 'STICKER') return CHAT_MESSAGES.stickerPreview;
  return last.text;
}

export type IsOnline = (userId: number) => boolean;

/** Presence of the peer; nothing is told across a closed chat (block, age band, deleted account). */
export function peerPresence(
  access: Pick<ChatAccess, 'chatId' | 'peerId' | 'readOnly' | 'peerLastSeenAt'>,
  isOnline: IsOnline,
  now = new Date(),
): Presence {
  const visible = access.peerId !== null && access.readOnly === null;
  const online = visible && isOnline(access.peerId!);
  return {
    chatId: String(access.chatId),
    userId: access.peerId === null ? null : String(access.peerId),
    isOnline: online,
    lastSeen: !visible ? null : online ? now.toISOString() : (access.peerLastSeenAt?.toISOString() ?? null),
  };
}

const titleOf = chatTitleOf;
const avatarOf = (s: ChatSummary) =>
  s.peerId !== null && s.readOnly === null && s.peerPhotoId ? imagePath(s.peerPhotoId, 'profile', { w: 128 }) : null;

export function toChatListItem(s: ChatSummary, isOnline: IsOnline): ChatListItem {
  const presence = peerPresence(s, isOnline);
  return {
    id: String(s.chatId),
    title: titleOf(s),
    avatarUrl: avatarOf(s),
    message: { last: previewOf(s.last), time: s.last?.at.toISOString() ?? null },
    unreadCount: s.unreadCount,
    isRead: s.unreadCount === 0,
    isOnline: presence.isOnline,
    lastSeen: presence.lastSeen,
    peerUserId: presence.userId,
    lastSeq: s.lastSeq,
    readOnly: s.readOnly !== null,
    readOnlyReason: s.readOnly,
  };
}

export function toChatInfo(s: ChatSummary, isOnline: IsOnline): ChatInfo {
  const presence = peerPresence(s, isOnline);
  return {
    chatId: String(s.chatId),
    title: titleOf(s),
    avatarUrl: avatarOf(s),
    peerUserId: presence.userId,
    isOnline: presence.isOnline,
    lastSeen: presence.lastSeen,
    readOnly: s.readOnly !== null,
    readOnlyReason: s.readOnly,
    notice: s.readOnly ? READ_ONLY_NOTICES[s.readOnly] : null,
    lastSeq: s.lastSeq,
    lastReadSeq: s.lastReadSeq,
    peerReadSeq: s.peerReadSeq,
    unreadCount: s.unreadCount,
    archived: s.archived,
  };
}
