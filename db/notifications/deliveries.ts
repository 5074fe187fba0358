import type { EntityManager } from '@mikro-orm/postgresql';
import { query } from '../sql';
import type { DeliveryStatus } from './notification-delivery.entity';

export interface DeliveryKey {
  eventId: string;
  recipient: number;
  kind: string;
}

const KEY = 'event_id = ? AND recipient = ? AND kind = ?';
const keyParams = (key: DeliveryKey) => [key.eventId, key.recipient, key.kind];

/** What became of this message so far; null when nothing was decided yet. */
export async function deliveryStatus(em: EntityManager, key: DeliveryKey): Promise<DeliveryStatus | null> {
  const [row] = await query<{ status: DeliveryStatus }>(em, `SELECT status FROM notification_deliveries WHERE ${KEY}`, keyParams(key));
  return row?.status ?? null;
}

/** Records the outcome (or the decision to send: PENDING); an outcome is never turned back into PENDING. */
export async function recordDelivery(em: EntityManager, key: DeliveryKey, status: DeliveryStatus): Promise<void> {
  await query(
    em,
    `INSERT INTO notification_deliveries (event_id, recipient, kind, status, updated_at) VALUES (?, ?, ?, ?, now())
     ON CONFLICT (event_id, recipient, kind) DO UPDATE SET status = EXCLUDED.status, updated_at = now()
       WHERE EXCLUDED.status <> 'PENDING'`,
    [...keyParams(key), status],
  );
}

/** Forgets deliveries older than `olderThanMs` (a notification job gives up within about an hour). */
export async function pruneDeliveries(em: EntityManager, olderThanMs: number): Promise<number> {
  const rows = await query(em, 'DELETE FROM notification_deliveries WHERE updated_at < now() - make_interval(secs => ?) RETURNING 1', [olderThanMs / 1000]);
  return rows.length;
}
