import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * The places nearest each place, the place itself first (what the feed walks, in order): derived from `places` by
 * the trigger of Migration20261129700000, rebuilt whenever places change, so the feed reads a list instead of
 * ranking every place on every card. Never written by the app.
 */
export const PlaceNeighbours = defineEntity({
  name: 'PlaceNeighbours',
  tableName: 'place_neighbours',
  properties: (p) => ({
    placeId: p.integer().primary().autoincrement(false),
    nearest: p.array<number>(Number).columnType('integer[]'),
  }),
});

export type PlaceNeighbours = InferEntity<typeof PlaceNeighbours>;
