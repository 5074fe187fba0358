import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const AuditLog = defineEntity({
  name: 'AuditLog',
  tableName: 'audit_log',
  properties: (p) => ({
    id: p.bigint('number').primary(),
    // Telegram id of who acted; null for the system (jobs, start-up).
    actorId: p.bigint('number').nullable().index(),
    action: p.string().length(64),
    targetType: p.string().length(64).nullable(),
    targetId: p.string().length(128).nullable().index(),
    details: p.json<Record<string, unknown>>().default('{}'),
    at: p.datetime().onCreate(() => new Date()),
  }),
});

export type AuditLog = InferEntity<typeof AuditLog>;
