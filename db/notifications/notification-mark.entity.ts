import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** When a user was last told about something (kind + key), so notifications can be throttled across processes. */
export const NotificationMark = defineEntity({
  name: 'NotificationMark',
  tableName: 'notification_marks',
  properties: (p) => ({
    userId: p.bigint('number').primary(),
    kind: p.string().length(32).primary(),
    key: p.string().length(64).primary(),
    sentAt: p.datetime(),
  }),
});

export type NotificationMark = InferEntity<typeof NotificationMark>;
