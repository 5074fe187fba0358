import { z } from 'zod';
import { paginationSchema } from '../moderation';
import { ADMIN_DB_PAGE_SIZE, ADMIN_MESSAGES } from './admin-messages';

// Database browser

const COLUMN_TYPES = ['string', 'text', 'number', 'boolean', 'datetime', 'date', 'json', 'enum'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

const dbColumnSchema = z.object({
  name: z.string(),
  type: z.enum(COLUMN_TYPES),
  nullable: z.boolean(),
  primary: z.boolean(),
  /** Whether the browser lets an admin change it (allowlisted and not a primary key). */
  editable: z.boolean(),
  enumValues: z.array(z.string()).optional(),
  /** Why a column that looks editable is read-only (moderation decisions: use the moderation screens). */
  readOnlyHint: z.string().optional(),
});
export type DbColumn = z.infer<typeof dbColumnSchema>;

export const dbOverviewSchema = z.object({
  ok: z.literal(true),
  overview: z.array(z.object({ model: z.string(), count: z.number().int() })),
});
export type DbOverview = z.infer<typeof dbOverviewSchema>;

export const dbBrowseBodySchema = z.object({
  model: z.string({ error: ADMIN_MESSAGES.unknownModel }).max(64, ADMIN_MESSAGES.unknownModel),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_DB_PAGE_SIZE),
});
export const dbBrowseSchema = z.object({
  ok: z.literal(true),
  data: z.array(z.record(z.string(), z.unknown())),
  schema: z.object({ entity: z.string(), columns: z.array(dbColumnSchema) }),
  pagination: paginationSchema,
});
export type DbBrowse = z.infer<typeof dbBrowseSchema>;

/** `where` holds the primary key columns; `data` the changed cells (coerced by column type on the server). */
export const dbUpdateBodySchema = z.object({
  model: z.string({ error: ADMIN_MESSAGES.unknownModel }).max(64, ADMIN_MESSAGES.unknownModel),
  where: z.record(z.string(), z.unknown(), { error: ADMIN_MESSAGES.noPrimaryKey }),
  data: z.record(z.string(), z.unknown(), { error: ADMIN_MESSAGES.badValue }),
});
export const dbUpdateResponseSchema = z.object({ ok: z.literal(true), row: z.record(z.string(), z.unknown()) });
