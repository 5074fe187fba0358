import type { Actor } from '../users/session-user';
import { DriverException, LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_MESSAGES, type DbBrowse, type DbOverview } from '../../contracts/admin';
import { AppError } from '../../contracts/errors';
import { recordAudit } from '../audit/audit.service';
import { markPendingItemsChanged } from '../moderation/item-version';
import { assertAdmin } from './assert-admin';
import { allowedEntity, DB_BROWSER_ALLOWLIST, type AllowedEntity } from './db-browser-allowlist';
import { coerceCell } from './db-browser-coerce';
import { updateProfileRow } from './db-browser-profile';
import { browserColumns, entityNamed, publicColumn, type BrowserColumn } from './db-browser-schema';

type Row = Record<string, unknown>;

function entityOf(model: string): AllowedEntity {
  const allowed = allowedEntity(model);
  if (!allowed) throw new AppError('BAD_REQUEST', ADMIN_MESSAGES.unknownModel);
  return allowed;
}

const serialize = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));
const rowOf = (entity: object, columns: readonly BrowserColumn[]): Row =>
  Object.fromEntries(columns.map((c) => [c.name, serialize((entity as Row)[c.name])]));

/** Newest first where the table has a creation time; the primary key makes the order total. */
function orderOf(columns: readonly BrowserColumn[]): Array<Record<string, 'asc' | 'desc'>> {
  const time = columns.find((c) => c.name === 'createdAt' || c.name === 'at');
  const keys = columns.filter((c) => c.primary).map((c) => ({ [c.name]: 'asc' as const }));
  return time ? [{ [time.name]: 'desc' }, ...keys] : keys;
}

/** GET /api/admin-db/overview: each browsable table with its row count, the default (Profile) first. */
export async function dbOverview(em: EntityManager, actor: Actor): Promise<DbOverview['overview']> {
  assertAdmin(actor);
  const overview: DbOverview['overview'] = [];
  for (const { entity } of DB_BROWSER_ALLOWLIST) overview.push({ model: entity, count: await em.count(entityNamed(em, entity), {}) });
  return overview;
}

/** POST /api/admin-db/browse: one page of rows with the columns' metadata. */
export async function browseTable(
  em: EntityManager,
  actor: Actor,
  input: { model: string; page: number; limit: number },
): Promise<Omit<DbBrowse, 'ok'>> {
  assertAdmin(actor);
  const allowed = entityOf(input.model);
  const columns = browserColumns(em, allowed);
  const [entities, total] = await em.findAndCount(
    entityNamed(em, allowed.entity),
    {},
    { orderBy: orderOf(columns), limit: input.limit, offset: (input.page - 1) * input.limit },
  );
  return {
    data: entities.map((e) => rowOf(e as object, columns)),
    schema: { entity: allowed.entity, columns: columns.map(publicColumn) },
    pagination: { page: input.page, limit: input.limit, total, pages: Math.ceil(total / input.limit) },
  };
}

/** The full primary key, coerced, or 400 'Нельзя обновить запись: нет первичного ключа'. */
function keyOf(columns: readonly BrowserColumn[], where: Row): Row {
  const keys = columns.filter((c) => c.primary);
  if (keys.length === 0 || keys.some((c) => where[c.name] === undefined || where[c.name] === null || where[c.name] === '')) {
    throw new AppError('BAD_REQUEST', ADMIN_MESSAGES.noPrimaryKey);
  }
  return Object.fromEntries(keys.map((c) => [c.name, coerceCell(c, where[c.name])]));
}

/** The changed cells, each allowlisted and coerced by its column type. */
function changesOf(columns: readonly BrowserColumn[], data: Row): Row {
  const entries = Object.entries(data);
  if (entries.length === 0) throw new AppError('BAD_REQUEST', ADMIN_MESSAGES.badValue);
  return Object.fromEntries(
    entries.map(([name, raw]) => {
      const column = columns.find((c) => c.name === name);
      if (column?.primary) throw new AppError('BAD_REQUEST', ADMIN_MESSAGES.readOnlyColumn);
      if (column?.readOnlyHint) throw new AppError('BAD_REQUEST', column.readOnlyHint);
      if (!column?.editable) throw new AppError('BAD_REQUEST', ADMIN_MESSAGES.unknownColumn);
      return [name, coerceCell(column, raw)];
    }),
  );
}

export interface DbUpdate {
  model: string;
  where: Row;
  data: Row;
}

/**
 * POST /api/admin-db/update: one row by its primary key; the audit entry (old and new values) is in the same
 * transaction. A profile goes through the admin's profile edit instead, with its rules and audit.
 */
export async function updateRow(em: EntityManager, actor: Actor, input: DbUpdate): Promise<Row> {
  assertAdmin(actor);
  const allowed = entityOf(input.model);
  const columns = browserColumns(em, allowed);
  const key = keyOf(columns, input.where);
  const changes = changesOf(columns, input.data);
  if (allowed.entity === 'Profile') return rowOf(await updateProfileRow(em, actor, key, changes), columns);
  try {
    return await em.transactional(async (tx) => {
      const entity = await tx.findOne(entityNamed(tx, allowed.entity), key, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!entity) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.rowNotFound);
      const before = rowOf(
        entity as object,
        columns.filter((c) => c.name in changes),
      );
      tx.assign(entity as object, changes);
      if (allowed.shownToModerators) await markPendingItemsChanged(tx, Number((entity as Row)[allowed.shownToModerators]));
      const after = rowOf(
        entity as object,
        columns.filter((c) => c.name in changes),
      );
      const targetId = Object.keys(key).length === 1 ? String(Object.values(key)[0]) : JSON.stringify(key);
      recordAudit(tx, {
        actorId: actor.telegramId,
        action: 'db.update',
        targetType: allowed.entity,
        targetId,
        details: { entity: allowed.entity, key, before, after },
      });
      await tx.flush();
      return rowOf(entity as object, columns);
    });
  } catch (err) {
    // A value the database refuses (a unique or check constraint): the client's mistake, nothing changed.
    if (err instanceof DriverException) throw new AppError('BAD_REQUEST', ADMIN_MESSAGES.badValue);
    throw err;
  }
}
