import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlOf } from '../kysely';

/**
 * Claims the right to notify `userId` about (kind, key) now: true at most once per window,
 * atomically, so two processes never both send.
 */
export async function claimNotificationSlot(
  em: EntityManager,
  input: { userId: number; kind: string; key?: string; windowMs: number; now?: Date },
): Promise<boolean> {
  const now = input.now ?? new Date();
  const claimed = await sqlOf(em)
    .insertInto('notification_marks')
    .values({ user_id: input.userId, kind: input.kind, key: input.key ?? '', sent_at: now })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'kind', 'key'])
        .doUpdateSet((eb) => ({ sent_at: eb.ref('excluded.sent_at') }))
        .where('notification_marks.sent_at', '<=', new Date(now.getTime() - input.windowMs)),
    )
    .executeTakeFirst();
  return Number(claimed.numInsertedOrUpdatedRows ?? 0) > 0;
}
