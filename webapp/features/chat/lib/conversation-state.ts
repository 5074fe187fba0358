import { CHAT_MESSAGES, type ChatMessage } from '../../../../contracts/chat';

/** A message the viewer sent that the server has not confirmed yet. */
export interface PendingMessage {
  /** Chosen once and reused on every resend, so the server stores the message once. */
  clientId: string;
  kind: 'TEXT' | 'PHOTO' | 'STICKER';
  text: string | null;
  /** Local preview of a photo or the sticker's image. */
  previewUrl: string | null;
  createdAt: string;
  /** 'failed' waits for a tap on 'Повторить'. */
  status: 'sending' | 'failed';
  /** Why the server will never take it (an explicit photo): shown instead of 'Повторить'. */
  refusal?: string;
  /** A failure without an answer (network, 5xx): resent by itself after the next reconnect too. */
  autoRetry: boolean;
  /** What a photo resend needs: the picked file, and its uploaded id once the upload went through. */
  file?: File;
  imageId?: string | null;
  stickerId?: string;
  /** The message this one answers (same chat). */
  replyToId?: string;
}

/**
 * Adds messages, keeping ascending seq with one entry per seq (a later copy replaces the earlier one). Not a second
 * ordering of live messages (the server sends a chat's messages in seq order: db/chats/per-chat-queue.ts), but the
 * join of history pages, catch-up and live messages, whichever arrives first.
 */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (!incoming.length) return current as ChatMessage[];
  const bySeq = new Map(current.map((m) => [m.seq, m]));
  for (const m of incoming) bySeq.set(m.seq, m);
  return withDeletedQuotes([...bySeq.values()].sort((a, b) => a.seq - b.seq));
}

/** Every reply quoting a deleted message says 'Сообщение удалено' (the `deleted` push names only the message itself). */
function withDeletedQuotes(messages: ChatMessage[]): ChatMessage[] {
  const deleted = new Set(messages.filter((m) => m.deleted).map((m) => m.id));
  if (!deleted.size) return messages;
  return messages.map((m) =>
    m.replyTo && !m.replyTo.deleted && deleted.has(m.replyTo.id)
      ? { ...m, replyTo: { ...m.replyTo, preview: CHAT_MESSAGES.messageDeleted, deleted: true } }
      : m,
  );
}

/** Pending messages that the stored ones do not confirm yet (matched by clientId). */
export function unconfirmed(pending: readonly PendingMessage[], stored: readonly ChatMessage[]): PendingMessage[] {
  const confirmed = new Set(stored.map((m) => m.clientId).filter((id): id is string => id !== null));
  return pending.filter((p) => !confirmed.has(p.clientId));
}

export const lastSeqOf = (messages: readonly ChatMessage[]) => messages.at(-1)?.seq ?? 0;

/** The newest page joined to what is shown: merged when it continues it, replacing it after a gap (a long sleep). */
export function joinLatest(
  current: readonly ChatMessage[],
  latest: readonly ChatMessage[],
  latestHasOlder: boolean,
): { messages: ChatMessage[]; replaced: boolean } {
  const oldest = latest[0]?.seq;
  const gap = latestHasOlder && oldest !== undefined && oldest > lastSeqOf(current) + 1;
  return gap ? { messages: [...latest], replaced: true } : { messages: mergeMessages(current, latest), replaced: false };
}
