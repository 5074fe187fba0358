import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A city for the onboarding search (RU, BY and the main world cities, names in Russian). */
export const Place = defineEntity({
  name: 'Place',
  tableName: 'places',
  properties: (p) => ({
    id: p.integer().primary(),
    name: p.string().length(128),
    // Lowercase, ё→е, dashes as spaces: what the search compares against.
    nameNormalized: p.string().length(128),
    country: p.string().length(64),
    region: p.string().length(128).nullable(),
    lat: p.double().$type<number>(),
    lon: p.double().$type<number>(),
    population: p.integer().default(0),
  }),
  indexes: [
    {
      name: 'places_name_normalized_prefix_index',
      expression: 'create index "places_name_normalized_prefix_index" on "places" ("name_normalized" text_pattern_ops)',
    },
  ],
});

export type Place = InferEntity<typeof Place>;
