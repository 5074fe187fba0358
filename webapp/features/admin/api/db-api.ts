import {
  ADMIN_DB_PAGE_SIZE,
  dbBrowseSchema,
  dbOverviewSchema,
  dbUpdateResponseSchema,
  type DbBrowse,
  type DbOverview,
} from '../../../../contracts/admin';
import { apiGet, apiPost } from '../../../lib/api/api-client';

export type DbRow = Record<string, unknown>;

/** GET /api/admin-db/overview: the browsable tables with their row counts. */
export async function fetchDbOverview(): Promise<DbOverview['overview']> {
  return (await apiGet('/admin-db/overview', { schema: dbOverviewSchema })).overview;
}

/** POST /api/admin-db/browse: one page of 25 rows and the columns' metadata. */
export function browseTable(model: string, page: number): Promise<DbBrowse> {
  return apiPost('/admin-db/browse', { model, page, limit: ADMIN_DB_PAGE_SIZE }, { schema: dbBrowseSchema });
}

/** POST /api/admin-db/update: `where` is the row's primary key; answers the row as stored. */
export async function updateCell(model: string, where: DbRow, data: DbRow): Promise<DbRow> {
  return (await apiPost('/admin-db/update', { model, where, data }, { schema: dbUpdateResponseSchema })).row;
}
