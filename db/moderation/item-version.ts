import type { EntityManager } from '@mikro-orm/postgresql';
import { ModerationItem } from './moderation-item.entity';

/**
 * The one version rule: whatever changes what a pending item shows (its payload, or the live profile its card is
 * built from) bumps its version, so a decision on the version a moderator saw before is refused. Written through
 * the entity, so the flush announces the item as updated (moderation-item-events.ts).
 */
export function markItemChanged(item: ModerationItem): void {
  item.version += 1;
}

/**
 * A writer of a user's profile or photos (an admin's edit, a birth-date correction, an approved edit) marks each
 * pending item of theirs; `decided` (the item whose decision wrote) is left as it is.
 */
export async function markPendingItemsChanged(tx: EntityManager, userId: number, decided?: ModerationItem): Promise<void> {
  const pending = await tx.find(ModerationItem, { userId, status: 'PENDING' });
  for (const item of pending) if (item !== decided && item.status === 'PENDING') markItemChanged(item);
}
