import { z } from 'zod';

export const PLACES_MAX_RESULTS = 12;
export const PLACES_MIN_QUERY = 2;
export const LOCAL_SUGGEST_NOTE = 'Внешний сервис подсказок недоступен, используется локальный поиск';

/** The launch region (end-user.md §1): RU_BY or WORLD. */
const REGIONS = ['RU_BY', 'WORLD'] as const;
export type Region = (typeof REGIONS)[number];
/** Countries of the RU_BY region; every other country is WORLD. */
export const RU_BY_COUNTRIES = ['Россия', 'Беларусь'] as const;

/** GET /api/places/search?q=&limit=&region= and POST /api/dadata/suggest/city {q, limit, region}; limit is capped at 12. */
export const placesQuerySchema = z.object({
  /** The places of this region come first; anything else (or none) keeps the plain ranking. */
  region: z.enum(REGIONS).optional().catch(undefined),
  q: z
    .string()
    .catch('')
    .default('')
    .transform((q) => q.trim().slice(0, 128)),
  limit: z.coerce
    .number()
    .int()
    .catch(PLACES_MAX_RESULTS)
    .default(PLACES_MAX_RESULTS)
    .transform((n) => Math.min(Math.max(n, 1), PLACES_MAX_RESULTS)),
});

/** A city suggestion (end-user.md §3). */
const placeItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  lat: z.number(),
  lon: z.number(),
});
export type PlaceItem = z.infer<typeof placeItemSchema>;

export const placesResponseSchema = z.object({
  ok: z.literal(true),
  items: z.array(placeItemSchema),
  /** Only on the suggest call: the external suggester is not used. */
  note: z.string().optional(),
});
export type PlacesResponse = z.infer<typeof placesResponseSchema>;
