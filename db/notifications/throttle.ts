import type { EntityManager } from '@mikro-orm/postgresql';
import { query } from '../sql';

/**
 * Claims the right to notify `userId` about (kind, key) now: true at most once per window,
 * atomically, so two processes never both send.
 */
export async function claimNotificationSlot(em: EntityManager, input: { userId: number; kind: string; key?: string; windowMs: number; now?: Date }): Promise<boolean> {
  const now = input.now ?? new Date();
  const rows: unknown[] = await query(em, 
    `INSERT INTO notification_marks (user_id, kind, key, sent_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id, kind, key) DO UPDATE SET sent_at = EXCLUDED.sent_at
       WHERE notification_marks.sent_at <= ?
     RETURNING 1`,
    [input.userId, input.kind, input.key ?? '', now, new Date(now.getTime() - input.windowMs)],
  );
  return rows.length > 0;
}
