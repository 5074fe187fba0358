import { PLACES_MAX_RESULTS, placesResponseSchema, type PlaceItem } from '../../../../contracts/places';
import { apiGet } from '../../../lib/api/api-client';
import { useSession } from '../../../lib/session/session-store';

/** GET /api/places/search (the launch region's places first): up to 12 cities for the typed text. */
export async function searchPlaces(q: string, signal?: AbortSignal): Promise<PlaceItem[]> {
  const { items } = await apiGet('/places/search', {
    query: { q, limit: PLACES_MAX_RESULTS, region: useSession.getState().region },
    schema: placesResponseSchema,
    signal,
  });
  return items.slice(0, PLACES_MAX_RESULTS);
}
