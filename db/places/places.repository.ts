import type { EntityManager } from '@mikro-orm/postgresql';
import { RU_BY_COUNTRIES, type PlaceItem, type Region } from '../../contracts/places';
import { normalizePlaceName } from './place-name';
import { Place } from './place.entity';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The leading sort key: the launch region's places before the others; nothing without a region. */
function regionOrder(region: Region | undefined): { sql: string; params: unknown[] } {
  if (!region) return { sql: '', params: [] };
  return {
    sql: `case when (country in (${RU_BY_COUNTRIES.map(() => '?').join(', ')})) = ? then 0 else 1 end,`,
    params: [...RU_BY_COUNTRIES, region === 'RU_BY'],
  };
}

/**
 * Ranked city search: the launch region's places first (WORLD: outside Russia and Belarus), then exact name, name
 * prefix, a word of the name starting with the query, anywhere; ties by population. Case- and ё/е-insensitive.
 */
export async function searchPlaces(em: EntityManager, query: string, limit: number, region?: Region): Promise<PlaceItem[]> {
  const q = normalizePlaceName(query);
  if (q.length < 2) return [];
  const like = escapeLike(q);
  const first = regionOrder(region);
  const rows = await em
    .getConnection()
    .execute<Array<{ id: number; name: string; country: string; region: string | null; lat: number; lon: number }>>(
      `select id, name, country, region, lat, lon from places
      where name_normalized like ? or name_normalized like ?
      order by ${first.sql} case when name_normalized = ? then 0 when name_normalized like ? then 1 when name_normalized like ? then 2 else 3 end,
               population desc, name, id
      limit ?`,
      [`${like}%`, `%${like}%`, ...first.params, q, `${like}%`, `% ${like}%`, limit],
    );
  return rows.map((r) => ({ id: r.id, name: r.name, country: r.country, region: r.region, lat: Number(r.lat), lon: Number(r.lon) }));
}

/** The place a submitted city means: the suggestion's id when given, else the most populous exact name match. */
export async function resolvePlace(em: EntityManager, city: string, placeId?: number): Promise<Place | null> {
  if (placeId !== undefined) return em.findOne(Place, { id: placeId });
  const [place] = await em.find(Place, { nameNormalized: normalizePlaceName(city) }, { orderBy: { population: 'desc' }, limit: 1 });
  return place ?? null;
}
