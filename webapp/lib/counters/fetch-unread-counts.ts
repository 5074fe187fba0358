import { z } from 'zod';
import { apiGet } from '../api/api-client';

const messagesSchema = z.object({ totalUnreadCount: z.number().int().nonnegative() });
const likesSchema = z.object({ count: z.number().int().nonnegative() });

export interface UnreadCounts {
  messages: number;
  likes: number;
}

/** Both badge counters; any failure counts as zero without a word (end-user.md §8). */
export async function fetchUnreadCounts(): Promise<UnreadCounts> {
  const [messages, likes] = await Promise.all([
    apiGet('/messages/total-unread-count', { schema: messagesSchema }).then(
      (r) => r.totalUnreadCount,
      () => 0,
    ),
    apiGet('/likes/unread-count', { schema: likesSchema }).then(
      (r) => r.count,
      () => 0,
    ),
  ]);
  return { messages, likes };
}
