import { PLACES_MAX_RESULTS, placesResponseSchema, type PlaceItem } from '../../../../api/contracts/places';
import { apiGet } from '../../../lib/api/api-client';

/** GET /api/places/search: up to 12 cities for the typed text. */
export async function searchPlaces(q: string, signal?: AbortSignal): Promise<PlaceItem[]> {
  const { items } = await apiGet('/places/search', { query: { q, limit: PLACES_MAX_RESULTS }, schema: placesResponseSchema, signal });
  return items.slice(0, PLACES_MAX_RESULTS);
}
