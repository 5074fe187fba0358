import { z } from 'zod';
import { apiGet } from '../api/api-client';

const messagesSchema = z.object({ totalUnreadCount: z.number().int().nonnegative() });
const likesSchema = z.object({ count: z.number().int().nonnegative() });

export interface UnreadCounts {
  messages: number;
  likes: number;
}

/** Unread messages; any failure counts as zero without a word (end-user.md §8). */
export const fetchUnreadMessages = () =>
  apiGet('/messages/total-unread-count', { schema: messagesSchema }).then(
    (r) => r.totalUnreadCount,
    () => 0,
  );

/** New likes not yet shown; any failure counts as zero. */
export const fetchUnreadLikes = () =>
  apiGet('/likes/unread-count', { schema: likesSchema }).then(
    (r) => r.count,
    () => 0,
  );

/** Both badge counters at once. */
export async function fetchUnreadCounts(): Promise<UnreadCounts> {
  const [messages, likes] = await Promise.all([fetchUnreadMessages(), fetchUnreadLikes()]);
  return { messages, likes };
}
