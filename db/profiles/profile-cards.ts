import type { EntityManager } from '@mikro-orm/postgresql';
import { imagePath } from '../../api/contracts/media';
import type { ProfileCard } from '../../api/contracts/profile-card';
import { ageOn } from '../matching/age-band';
import { query } from '../sql';

interface CardRow {
  id: string;
  display_name: string;
  birth_date: string;
  city: string;
  bio: string | null;
  height_cm: number | null;
  weight_kg: number | null;
  gender: string;
  looking_for: string[];
  photos: string[] | null;
}

/** Public cards for the given users, in one query (approved photos in position order). */
export async function loadProfileCards(em: EntityManager, ids: readonly number[], now = new Date()): Promise<Map<number, ProfileCard>> {
  if (ids.length === 0) return new Map();
  const rows: CardRow[] = await query(em, 
    `SELECT p.user_telegram_id AS id, p.display_name, to_char(p.birth_date, 'YYYY-MM-DD') AS birth_date, p.city, p.bio,
            p.height_cm, p.weight_kg, p.gender, p.looking_for,
            (SELECT array_agg(ph.image_id ORDER BY ph.position) FROM photos ph
              WHERE ph.owner_telegram_id = p.user_telegram_id AND ph.status = 'APPROVED') AS photos
       FROM profiles p WHERE p.user_telegram_id = ANY(string_to_array(?, ',')::bigint[])`,
    [ids.join(',')],
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        userId: String(r.id),
        displayName: r.display_name,
        age: ageOn(r.birth_date, now),
        city: r.city,
        photos: (r.photos ?? []).map((imageId) => imagePath(imageId, 'profile')),
        bio: r.bio,
        heightCm: r.height_cm,
        weightKg: r.weight_kg,
        gender: r.gender,
        lookingFor: r.looking_for,
      },
    ]),
  );
}
