import type { EntityManager } from '@mikro-orm/postgresql';
import type { PlaceItem } from '../../api/contracts/places';
import { normalizePlaceName } from './place-name';
import { Place } from './place.entity';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Ranked city search: exact name, then name prefix, then a word of the name starting with the query, then anywhere;
 * ties by population. Case- and ё/е-insensitive.
 */
export async function searchPlaces(em: EntityManager, query: string, limit: number): Promise<PlaceItem[]> {
  const q = normalizePlaceName(query);
  if (q.length < 2) return [];
  const like = escapeLike(q);
  const rows = await em.getConnection().execute<Array<{ id: number; name: string; country: string; region: string | null; lat: number; lon: number }>>(
    `select id, name, country, region, lat, lon from places
      where name_normalized like ? or name_normalized like ?
      order by case when name_normalized = ? then 0 when name_normalized like ? then 1 when name_normalized like ? then 2 else 3 end,
               population desc, name, id
      limit ?`,
    [`${like}%`, `%${like}%`, q, `${like}%`, `% ${like}%`, limit],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, country: r.country, region: r.region, lat: Number(r.lat), lon: Number(r.lon) }));
}

/** The place a submitted city means: the suggestion's id when given, else the most populous exact name match. */
export async function resolvePlace(em: EntityManager, city: string, placeId?: number): Promise<Place | null> {
  if (placeId !== undefined) return em.findOne(Place, { id: placeId });
  const [place] = await em.find(Place, { nameNormalized: normalizePlaceName(city) }, { orderBy: { population: 'desc' }, limit: 1 });
  return place ?? null;
}
