import type { ChatMessage } from '../../../../api/contracts/chat';

/** A message the viewer sent that the server has not confirmed yet. */
export interface PendingMessage {
  clientId: string;
  kind: 'TEXT' | 'PHOTO' | 'STICKER';
  text: string | null;
  /** Local preview of a photo or the sticker's image. */
  previewUrl: string | null;
  createdAt: string;
  failed: boolean;
}

/** Adds messages, keeping ascending seq with one entry per seq (a later copy replaces the earlier one). */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (!incoming.length) return current as ChatMessage[];
  const bySeq = new Map(current.map((m) => [m.seq, m]));
  for (const m of incoming) bySeq.set(m.seq, m);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** Pending messages that the stored ones do not confirm yet (matched by clientId). */
export function unconfirmed(pending: readonly PendingMessage[], stored: readonly ChatMessage[]): PendingMessage[] {
  const confirmed = new Set(stored.map((m) => m.clientId).filter((id): id is string => id !== null));
  return pending.filter((p) => !confirmed.has(p.clientId));
}

export const lastSeqOf = (messages: readonly ChatMessage[]) => messages.at(-1)?.seq ?? 0;
