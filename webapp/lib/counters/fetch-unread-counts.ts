import * as z from 'zod/mini';
import { apiGet } from '../api/api-client';

// zod/mini: the app frame asks for the counts, and start-up waits for the frame without zod classic (issue 39).
const count = () => z.int().check(z.nonnegative());
const messagesSchema = z.object({ totalUnreadCount: count() });
const likesSchema = z.object({ count: count() });

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
