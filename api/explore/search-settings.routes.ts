import Router from '@koa/router';
import { loadSearchSettings, saveSearchSettings } from '../../db/explore/search-settings';
import type { AppState } from '../context';
import { searchSettingsSchema, type SearchSettingsResponse } from '../../contracts/search-settings';

/** GET / POST /api/search-settings: whom the explore feed shows (AMENDMENTS §4.1). */
export function createSearchSettingsRouter(): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });
  router.get('/search-settings', async (ctx) => {
    ctx.body = { ok: true, ...(await loadSearchSettings(ctx.state.em, ctx.state.user.telegramId)) } satisfies SearchSettingsResponse;
  });
  router.post('/search-settings', async (ctx) => {
    const settings = searchSettingsSchema.parse(ctx.request.body ?? {});
    ctx.body = {
      ok: true,
      ...(await saveSearchSettings(ctx.state.em, ctx.state.user.telegramId, settings)),
    } satisfies SearchSettingsResponse;
  });
  return router;
}
