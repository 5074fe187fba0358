import { useRef } from 'react';
import {
  chatInfoSchema,
  chatsPushes,
  messagePushSchema,
  presenceSchema,
  readPushSchema,
  sentDataSchema,
  subscribedDataSchema,
  typingPushSchema,
  type ChatInfo,
  type ChatMessage,
} from '../../../../contracts/chat';
import type { Envelope } from '../../../../contracts/realtime';
import { useChannel } from '../../../lib/realtime/use-channel';
import { useUnread } from '../../../lib/counters/unread-store';

export interface MessagesChannelHandlers {
  add(messages: ChatMessage[]): void;
  /** A catch-up reply was cut at its limit: subscribe again from this seq. */
  more(afterSeq: number): void;
  rejected(clientId: string, message: string | null): void;
  info(update: (info: ChatInfo | null) => ChatInfo | null): void;
  /** The socket is open again after a drop. */
  reconnected(): void;
  status(open: boolean): void;
  /** The peer read up to this seq (✓✓ on the viewer's messages). */
  peerRead(seq: number): void;
  /** The peer is typing in this chat. */
  typing(): void;
}

function dispatch(chatId: string, { t, cid, data }: Envelope, on: MessagesChannelHandlers): void {
  if (t === 'subscribed') {
    const parsed = subscribedDataSchema.safeParse(data);
    if (!parsed.success || parsed.data.chatId !== chatId) return;
    on.add(parsed.data.messages);
    if (parsed.data.hasMore) on.more(parsed.data.messages.at(-1)?.seq ?? parsed.data.lastSeq);
  } else if (t === 'message' || t === 'deleted') {
    const parsed = messagePushSchema.safeParse(data);
    if (parsed.success && parsed.data.chatId === chatId) on.add([parsed.data.message]);
  } else if (t === 'typing') {
    const parsed = typingPushSchema.safeParse(data);
    if (parsed.success && parsed.data.chatId === chatId) on.typing();
  } else if (t === 'sent') {
    const parsed = sentDataSchema.safeParse(data);
    if (parsed.success && parsed.data.message.chatId === chatId) on.add([parsed.data.message]);
  } else if (t === 'error' && cid) {
    const message = (data as { message?: unknown } | undefined)?.message;
    on.rejected(cid, typeof message === 'string' ? message : null);
  } else if (t === 'presence') {
    const parsed = presenceSchema.safeParse(data);
    if (parsed.success && parsed.data.chatId === chatId)
      on.info((i) => i && { ...i, isOnline: parsed.data.isOnline, lastSeen: parsed.data.lastSeen ?? i.lastSeen });
  } else if (t === 'chat_info') {
    const parsed = chatInfoSchema.safeParse(data);
    if (parsed.success && parsed.data.chatId === chatId) on.info(() => parsed.data);
  } else if (t === 'read' && readPushSchema.safeParse(data).success) {
    const parsed = readPushSchema.parse(data);
    if (parsed.chatId === chatId) on.peerRead(parsed.lastReadSeq);
  } else if (t === 'read') {
    const total = (data as { totalUnreadCount?: unknown } | undefined)?.totalUnreadCount;
    if (typeof total === 'number') useUnread.getState().set({ messages: Math.max(0, total) });
  }
}

/**
 * The peer's presence as ch:'chats' tells it: its snapshot comes once, as the socket opens, and may be newer than the
 * chat's info (a peer who came online after that was read, before this socket opened); then each change.
 */
function presenceOnChats(chatId: string, { t, data }: Envelope, on: MessagesChannelHandlers): void {
  const users =
    t === 'presenceSnapshot'
      ? (chatsPushes.presenceSnapshot.safeParse(data).data?.users ?? [])
      : t === 'userOnline' || t === 'userOffline'
        ? [chatsPushes[t].safeParse(data).data].filter((u) => u !== undefined)
        : [];
  const peer = users.find((u) => u.chatId === chatId);
  if (peer) on.info((i) => i && { ...i, isOnline: peer.isOnline, lastSeen: peer.lastSeen ?? i.lastSeen });
}

/** ch:'messages' for one chat: pushes, send acknowledgements and refusals, presence, and the reconnect signal. */
export function useMessagesChannel(chatId: string, handlers: MessagesChannelHandlers): void {
  const wasClosed = useRef(false);
  useChannel('chats', (envelope) => presenceOnChats(chatId, envelope, handlers));
  useChannel(
    'messages',
    (envelope) => dispatch(chatId, envelope, handlers),
    (status) => {
      handlers.status(status === 'open');
      if (status === 'closed') wasClosed.current = true;
      else if (wasClosed.current) {
        wasClosed.current = false;
        handlers.reconnected();
      }
    },
  );
}
