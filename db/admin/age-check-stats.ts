import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { AGE_FLAG_MIN_APPARENT, AGE_FLAG_YEARS_OVER } from '../../contracts/face-check';
import { readSqlOf } from '../kysely';

/**
 * New profiles and new photos per UTC day, over the last `days` days (today included), that the face check flagged
 * (issue 43): some photo looks far older than the stated age ('Проверьте возраст', the rule of faceFlags) or the first
 * photo has no face ('Нет лица на главном фото'). Only days with any are in the map.
 */
export async function ageFlaggedPerDay(em: EntityManager, days: number): Promise<Map<string, number>> {
  const { rows } = await sql<{ day: string; n: string }>`
    SELECT to_char((mi.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, count(DISTINCT mi.id) AS n
    FROM moderation_items mi
    CROSS JOIN LATERAL jsonb_array_elements_text(
      CASE WHEN jsonb_typeof(mi.payload -> 'photos') = 'array' THEN mi.payload -> 'photos' ELSE '[]'::jsonb END
    ) WITH ORDINALITY AS ph(image_id, pos)
    JOIN images i ON i.id = ph.image_id AND i.face_check IS NOT NULL
    LEFT JOIN profiles p ON p.user_telegram_id = mi.user_id
    CROSS JOIN LATERAL (SELECT (i.face_check ->> 'faces')::int AS faces, (i.face_check ->> 'age')::int AS age,
      date_part('year', age(now() AT TIME ZONE 'UTC', CASE
        WHEN mi.type = 'INITIAL' AND mi.payload ->> 'birthDate' ~ '^\\d{4}-\\d{2}-\\d{2}' THEN substr(mi.payload ->> 'birthDate', 1, 10)::date
        ELSE p.birth_date END))::int AS stated) f
    WHERE mi.type IN ('INITIAL', 'PHOTOS')
      AND (mi.created_at AT TIME ZONE 'UTC')::date > (now() AT TIME ZONE 'UTC')::date - ${days}::int
      AND ((ph.pos = 1 AND f.faces = 0)
        OR (f.faces > 0 AND f.age >= ${AGE_FLAG_MIN_APPARENT}::int AND f.age >= f.stated + ${AGE_FLAG_YEARS_OVER}::int))
    GROUP BY 1`.execute(readSqlOf(em));
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}
