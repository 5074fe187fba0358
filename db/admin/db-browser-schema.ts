import { ReferenceKind, type EntityName, type EntityProperty } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_MESSAGES, type ColumnType, type DbColumn } from '../../contracts/admin';
import type { AllowedEntity } from './db-browser-allowlist';

/** A column as the browser shows it, plus what the server needs to check a value before the database sees it. */
export interface BrowserColumn extends DbColumn {
  /** Inclusive integer range of integer columns; null for floats and non-numbers. */
  intRange: { min: number; max: number } | null;
  maxLength: number | null;
  /** A Postgres array (text[]): a JSON list of strings. */
  isArray: boolean;
}

const INT_RANGES: Record<string, { min: number; max: number }> = {
  smallint: { min: -32_768, max: 32_767 },
  int: { min: -2_147_483_648, max: 2_147_483_647 },
  integer: { min: -2_147_483_648, max: 2_147_483_647 },
  bigint: { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
};
const FLOAT = /^(double|real|float|numeric|decimal)/;

function typeOf(prop: EntityProperty, sqlType: string): ColumnType {
  if (prop.enum) return 'enum';
  if (sqlType === 'boolean') return 'boolean';
  if (sqlType.startsWith('timestamp')) return 'datetime';
  if (sqlType === 'date') return 'date';
  if (sqlType === 'jsonb' || sqlType === 'json' || sqlType.endsWith('[]')) return 'json';
  if (INT_RANGES[sqlType] || FLOAT.test(sqlType)) return 'number';
  return sqlType === 'text' ? 'text' : 'string';
}

// Stored columns only: scalars and the owning side of references (collections and inverse sides have none).
const isColumn = (prop: EntityProperty) =>
  prop.persist !== false &&
  (prop.kind === ReferenceKind.SCALAR || prop.kind === ReferenceKind.MANY_TO_ONE || (prop.kind === ReferenceKind.ONE_TO_ONE && prop.owner));

/** Why a column is read-only, when it has a reason to show. */
function readOnlyHintOf(name: string, allowed: AllowedEntity): { readOnlyHint?: string } {
  if (allowed.decisions?.includes(name)) return { readOnlyHint: ADMIN_MESSAGES.decisionColumn };
  const locked = allowed.locked?.[name];
  return locked ? { readOnlyHint: locked } : {};
}

function toColumn(prop: EntityProperty, allowed: AllowedEntity): BrowserColumn {
  const sqlType = (prop.columnTypes?.[0] ?? '').toLowerCase();
  const primary = prop.primary === true;
  const type = typeOf(prop, sqlType);
  return {
    name: prop.name,
    type,
    nullable: prop.nullable === true,
    primary,
    editable: !primary && allowed.editable.includes(prop.name),
    ...(prop.enum && prop.items ? { enumValues: prop.items.map(String) } : {}),
    ...readOnlyHintOf(prop.name, allowed),
    intRange: INT_RANGES[sqlType] ?? null,
    maxLength: Number(/^(?:varchar|character varying)\((\d+)\)/.exec(sqlType)?.[1] ?? 0) || null,
    isArray: sqlType.endsWith('[]'),
  };
}

/** The entity's columns from the ORM's metadata, in declaration order. */
export function browserColumns(em: EntityManager, allowed: AllowedEntity): BrowserColumn[] {
  const meta = em.getMetadata().getByClassName(allowed.entity);
  return meta.props.filter(isColumn).map((prop) => toColumn(prop, allowed));
}

/** What the client sees of a column. */
export const publicColumn = ({ name, type, nullable, primary, editable, enumValues, readOnlyHint }: BrowserColumn): DbColumn => ({
  name,
  type,
  nullable,
  primary,
  editable,
  ...(enumValues ? { enumValues } : {}),
  ...(readOnlyHint ? { readOnlyHint } : {}),
});

/** The ORM's entity named `name` (the allowlist names entities by their class name). */
export const entityNamed = (em: EntityManager, name: string): EntityName<object> => em.getMetadata().getByClassName<object>(name).class;
