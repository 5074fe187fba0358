import Router from '@koa/router';
import { searchPlaces } from '../../db/places/places.repository';
import { LOCAL_SUGGEST_NOTE, placesQuerySchema, type PlacesResponse } from '../../contracts/places';
import type { AppState } from '../context';

/** City search for onboarding; the suggest call answers from the same local data (no outside calls). */
export function createPlacesRouter(): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });

  router.get('/places/search', async (ctx) => {
    const { q, limit, region } = placesQuerySchema.parse(ctx.query);
    ctx.body = { ok: true, items: await searchPlaces(ctx.state.em, q, limit, region) } satisfies PlacesResponse;
  });

  router.post('/dadata/suggest/city', async (ctx) => {
    const { q, limit, region } = placesQuerySchema.parse(ctx.request.body ?? {});
    ctx.body = { ok: true, items: await searchPlaces(ctx.state.em, q, limit, region), note: LOCAL_SUGGEST_NOTE } satisfies PlacesResponse;
  });
  return router;
}
