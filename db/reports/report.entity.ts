import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { REPORT_REASONS, REPORT_STATUSES, REPORT_TYPES } from '../../contracts/reports';

/** A user's complaint about another user or one of their messages; keeps Telegram ids only, so it outlives accounts. */
export const Report = defineEntity({
  name: 'Report',
  tableName: 'reports',
  properties: (p) => ({
    id: p.bigint('number').primary(),
    reporterId: p.bigint('number'),
    reportedUserId: p.bigint('number').index(),
    reportType: p.enum([...REPORT_TYPES]),
    reason: p.enum([...REPORT_REASONS]),
    description: p.text().nullable(),
    // The reported message (MESSAGE reports); a snapshot of its text is kept in `context` in case it is deleted.
    messageId: p.bigint('number').nullable(),
    context: p.json<Record<string, unknown>>().default('{}'),
    status: p.enum([...REPORT_STATUSES]).default('PENDING'),
    resolution: p.text().nullable(),
    reviewerId: p.bigint('number').nullable(),
    resolvedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  }),
  indexes: [
    { name: 'reports_status_created_index', properties: ['status', 'createdAt'] },
    // One open report per reporter and target.
    {
      name: 'reports_open_pair_unique',
      expression: `create unique index "reports_open_pair_unique" on "reports" ("reporter_id", "reported_user_id") where status = 'PENDING'`,
    },
  ],
});

export type Report = InferEntity<typeof Report>;
