import { sql } from 'kysely';
import { bandsByAge } from './age-band';

/** bandsByAge on a day as the three parameter arrays a statement reads it from (bandsTable). */
export interface BandArrays {
  bornBy: string[];
  from: string[];
  to: string[];
}

export function bandArraysOn(now: Date): BandArrays {
  const bands = bandsByAge(now);
  return { bornBy: bands.map((b) => b.bornBy), from: bands.map((b) => b.from), to: bands.map((b) => b.to) };
}

/**
 * The bands as a table of the statement (born_by, band_from, band_to), for a statement that reads someone's birth date
 * and takes their band itself (the likes badge, the swipe's pair check): their band is that of the row with the
 * smallest born_by on or after their birth date.
 */
export const bandsTable = (v: BandArrays) =>
  sql<{ born_by: string; band_from: string; band_to: string }>`(select * from unnest(${v.bornBy}::date[], ${v.from}::date[],
  ${v.to}::date[]) as b(born_by, band_from, band_to))`;
