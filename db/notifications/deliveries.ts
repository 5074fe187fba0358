import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { sqlOf } from '../kysely';
import type { DeliveryStatus } from './notification-delivery.entity';

export interface DeliveryKey {
  eventId: string;
  recipient: number;
  kind: string;
}

/** What became of this message so far; null when nothing was decided yet. */
export async function deliveryStatus(em: EntityManager, key: DeliveryKey): Promise<DeliveryStatus | null> {
  const row = await sqlOf(em)
    .selectFrom('notification_deliveries')
    .select('status')
    .where('event_id', '=', key.eventId)
    .where('recipient', '=', key.recipient)
    .where('kind', '=', key.kind)
    .executeTakeFirst();
  return row?.status ?? null;
}

/** Records the outcome (or the decision to send: PENDING); an outcome is never turned back into PENDING. */
export async function recordDelivery(em: EntityManager, key: DeliveryKey, status: DeliveryStatus): Promise<void> {
  await sqlOf(em)
    .insertInto('notification_deliveries')
    .values({ event_id: key.eventId, recipient: key.recipient, kind: key.kind, status, updated_at: sql`now()` })
    .onConflict((oc) =>
      oc
        .columns(['event_id', 'recipient', 'kind'])
        .doUpdateSet((eb) => ({ status: eb.ref('excluded.status'), updated_at: sql`now()` }))
        .where('excluded.status', '<>', 'PENDING'),
    )
    .execute();
}

/** Forgets deliveries older than `olderThanMs` (a notification job gives up within about an hour). */
export async function pruneDeliveries(em: EntityManager, olderThanMs: number): Promise<number> {
  const result = await sqlOf(em)
    .deleteFrom('notification_deliveries')
    .where('updated_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanMs / 1000})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
