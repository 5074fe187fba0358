import { defineEntity, type InferEntity } from '@mikro-orm/core';

const DELIVERY_STATUSES = ['PENDING', 'SENT', 'SKIPPED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One Telegram message a notification job decided to send (PENDING) and whether it went out (SENT) or the chat
 * refused it (SKIPPED), keyed by the event, the chat and the kind, so a retried job never sends it twice.
 */
export const NotificationDelivery = defineEntity({
  name: 'NotificationDelivery',
  tableName: 'notification_deliveries',
  properties: (p) => ({
    eventId: p.uuid().primary(),
    recipient: p.bigint('number').primary(),
    kind: p.string().length(48).primary(),
    status: p.enum([...DELIVERY_STATUSES]),
    updatedAt: p.datetime().index('notification_deliveries_updated_at_index'),
  }),
});

export type NotificationDelivery = InferEntity<typeof NotificationDelivery>;
