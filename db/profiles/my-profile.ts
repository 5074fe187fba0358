import type { EntityManager } from '@mikro-orm/postgresql';
import { imagePath } from '../../contracts/media';
import type { MyProfile } from '../../contracts/profile';
import { ageOn } from '../../contracts/birth-date';
import { ModerationItem } from '../moderation/moderation-item.entity';
import { Photo } from './photo.entity';
import { Profile } from './profile.entity';

const EMPTY: MyProfile = {
  ok: true,
  displayName: null,
  birthDate: null,
  age: null,
  city: null,
  placeId: null,
  bio: null,
  sex: null,
  gender: null,
  lookingFor: [],
  heightCm: null,
  photos: [],
  moderation: { base: null, description: null },
  pending: { edit: false, photos: false },
};

/** The owner's view of their profile: current values, photo URLs in position order, moderation state. */
export async function loadMyProfile(em: EntityManager, userId: number): Promise<MyProfile> {
  const profile = await em.findOne(Profile, { user: userId });
  if (!profile) return EMPTY;
  const photos = await em.find(Photo, { owner: userId }, { orderBy: { position: 'asc' } });
  const pending = await em.find(ModerationItem, { userId, status: 'PENDING', type: { $in: ['PROFILE_EDIT', 'PHOTOS'] } });
  return {
    ok: true,
    displayName: profile.displayName,
    birthDate: profile.birthDate,
    age: ageOn(profile.birthDate),
    city: profile.city,
    placeId: profile.place ?? null,
    bio: profile.bio ?? null,
    sex: profile.sex ?? null,
    gender: profile.gender,
    lookingFor: profile.lookingFor,
    heightCm: profile.heightCm ?? null,
    photos: photos.map((p) => imagePath(p.image, 'profile')),
    moderation: { base: profile.initialModerationStatus, description: profile.descriptionModerationStatus ?? null },
    pending: { edit: pending.some((i) => i.type === 'PROFILE_EDIT'), photos: pending.some((i) => i.type === 'PHOTOS') },
  };
}
