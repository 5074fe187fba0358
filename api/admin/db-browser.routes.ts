import Router from '@koa/router';
import { browseTable, dbOverview, updateRow } from '../../db/admin/db-browser.service';
import { dbBrowseBodySchema, dbUpdateBodySchema, type DbBrowse, type DbOverview } from '../../contracts/admin';
import type { AppState } from '../context';
import { requireRole } from '../middleware/roles';

/** The database browser (moderation-admin.md §2, AMENDMENTS §2.5): allowlisted tables, audited edits; admins only. */
export function createDbBrowserRouter(): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });
  const admin = requireRole('ADMIN');

  router.get('/admin-db/overview', admin, async (ctx) => {
    ctx.body = { ok: true, overview: await dbOverview(ctx.state.em, ctx.state.user) } satisfies DbOverview;
  });

  router.post('/admin-db/browse', admin, async (ctx) => {
    const body = dbBrowseBodySchema.parse(ctx.request.body ?? {});
    ctx.body = { ok: true, ...(await browseTable(ctx.state.em, ctx.state.user, body)) } satisfies DbBrowse;
  });

  router.post('/admin-db/update', admin, async (ctx) => {
    const body = dbUpdateBodySchema.parse(ctx.request.body ?? {});
    ctx.body = { ok: true, row: await updateRow(ctx.state.em, ctx.state.user, body) };
  });
  return router;
}
