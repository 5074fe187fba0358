import type { EntityManager } from '@mikro-orm/postgresql';
import placesData from './places-data.json' with { type: 'json' };
import { normalizePlaceName } from './place-name';
import { Place } from './place.entity';

interface PlaceRecord {
  name: string;
  country: string;
  region: string | null;
  lat: number;
  lon: number;
  population: number;
}

/** Loads the bundled places (built by scripts/build-places.ts) when the table is empty; returns how many were inserted. */
export async function ensurePlaces(em: EntityManager): Promise<number> {
  if ((await em.count(Place, {})) > 0) return 0;
  const rows = (placesData as PlaceRecord[]).map((p) => ({ ...p, nameNormalized: normalizePlaceName(p.name) }));
  await em.transactional(async (tx) => {
    // A parallel start-up may have filled it meanwhile; the lock makes the check and the insert one step.
    await tx.execute('lock table "places" in exclusive mode');
    if ((await tx.count(Place, {})) > 0) return;
    // One statement (about 11,000 parameters, under PostgreSQL's 65,535): the neighbour lists are rebuilt once per statement.
    await tx.insertMany(Place, rows);
  });
  return em.count(Place, {});
}
