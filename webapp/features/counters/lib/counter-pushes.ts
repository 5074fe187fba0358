import type { Envelope } from '../../../../contracts/realtime';

type Counter = 'messages' | 'likes';
/** What a push means for a badge: a step of the local count, or the server's count asked afresh. */
export type CounterChange = { counter: Counter; step: number } | { counter: Counter; refetch: true };

/**
 * ch:'chats': a peer's new message is one more unread (the open chat's mark_read answer then sets the true total);
 * a chat that left or changed (closed, deleted) may take its unread with it.
 */
export async function chatsCounterChange({ t, data }: Envelope, me: string | null): Promise<CounterChange | null> {
  if (t === 'chatDeleted' || t === 'chatUpdated') return { counter: 'messages', refetch: true };
  if (t !== 'newMessage') return null;
  // The chat's schemas (with zod classic) load with the first message: the frame is part of start-up (issue 39).
  const { chatsPushes } = await import('../../../../contracts/chat');
  const parsed = chatsPushes.newMessage.safeParse(data);
  if (!parsed.success || parsed.data.message.deleted || parsed.data.message.senderId === me) return null;
  return { counter: 'messages', step: 1 };
}

/**
 * /ws/likes: a new like is one more; a like shown (seen_ok) or answered (action_success, an explore swipe's ack)
 * may leave the unseen ones, which only the server can count.
 */
export function likesCounterChange({ ch, t }: Envelope): CounterChange | null {
  if (ch === 'likes' && t === 'new_like') return { counter: 'likes', step: 1 };
  if ((ch === 'likes' && (t === 'seen_ok' || t === 'action_success')) || (ch === 'explore' && t === 'ack'))
    return { counter: 'likes', refetch: true };
  return null;
}
