import type { EntityManager } from '@mikro-orm/postgresql';
import { imagePath, parseImageUrl } from '../../contracts/media';
import type { PhotoCheck } from '../../contracts/screening';
import { Image } from '../media/image.entity';
import { isSensitive } from '../media/screening/screening';
import { MODERATION_TYPE_LABELS, type ModerationItemView } from '../../contracts/moderation';
import { personLabel } from '../../contracts/moderation-outcome';
import type { ProfileCard } from '../../contracts/profile-card';
import type { Sex } from '../../contracts/profile-fields';
import { ageOn } from '../matching/age-band';
import { Photo } from '../profiles/photo.entity';
import { Profile } from '../profiles/profile.entity';
import { User } from '../users/user.entity';
import { ageCheckOf } from './age-check';
import type { ModerationItem } from './moderation-item.entity';

type Json = Record<string, unknown>;
const photoUrls = (ids: unknown): string[] =>
  Array.isArray(ids) ? ids.filter((id) => typeof id === 'string').map((id) => imagePath(id, 'profile')) : [];
const byKey = <T, K>(rows: T[], key: (row: T) => K) => new Map(rows.map((row) => [key(row), row]));

function profileCard(userId: number, profile: Profile, photos: string[], now: Date): ProfileCard {
  const { displayName, city, bio, heightCm, gender, lookingFor } = profile;
  return {
    userId: String(userId),
    displayName,
    age: ageOn(profile.birthDate, now),
    city,
    photos,
    bio: bio ?? null,
    heightCm,
    gender,
    lookingFor,
  };
}

/** The card as it will look once the item is approved. */
function cardAfter(item: ModerationItem, base: ProfileCard | null, now: Date): ProfileCard | null {
  const p = item.payload as Json;
  switch (item.type) {
    case 'INITIAL': {
      const fields = {
        displayName: p.displayName as string,
        city: p.city as string,
        gender: p.gender as string,
        photos: photoUrls(p.photos),
      };
      const age = typeof p.birthDate === 'string' ? ageOn(p.birthDate, now) : (base?.age ?? null);
      return { ...(base ?? { userId: String(item.userId), bio: null, lookingFor: [] }), ...fields, age } as ProfileCard;
    }
    case 'PROFILE_DESCRIPTION':
      return (
        base && {
          ...base,
          bio: (p.bio as string) ?? null,
          lookingFor: (p.lookingFor as string[]) ?? [],
          heightCm: (p.heightCm as number) ?? null,
        }
      );
    case 'PROFILE_EDIT': {
      const { place: _place, ...changes } = (p.changes ?? {}) as Json;
      return base && ({ ...base, ...changes } as ProfileCard);
    }
    case 'PHOTOS':
      return base && { ...base, photos: photoUrls(p.photos) };
  }
}

/** Before/after of each changed field of an edit (photos as URLs). */
function changesOf(item: ModerationItem): ModerationItemView['payload']['changes'] {
  const p = item.payload as { changes?: Json; previous?: Json; photos?: unknown };
  if (item.type === 'PHOTOS')
    return { photos: { changed: true, value: photoUrls(p.photos), previous: photoUrls((p.previous as unknown) ?? []) } };
  if (item.type !== 'PROFILE_EDIT') return {};
  const entries = Object.entries(p.changes ?? {}).filter(([key]) => key !== 'place');
  return Object.fromEntries(entries.map(([key, value]) => [key, { changed: true, value, previous: p.previous?.[key] ?? null }]));
}

const idOfUrl = (url: string) => {
  const parsed = parseImageUrl(url, []);
  return parsed.ok ? parsed.id : null;
};

/** The images an item brings for review: the queued photos of a new profile or of new photos. */
export function queuedImageIds(item: Pick<ModerationItem, 'type' | 'payload'>): string[] {
  if (item.type !== 'INITIAL' && item.type !== 'PHOTOS') return [];
  const queued = (item.payload as { photos?: unknown }).photos;
  return Array.isArray(queued) ? queued.filter((id): id is string => typeof id === 'string') : [];
}

/** Screening of the given images (issue #27): scores and whether a moderator must look; unscreened ones are left out. */
export async function photoChecksOf(em: EntityManager, ids: readonly string[]): Promise<Map<string, PhotoCheck>> {
  if (ids.length === 0) return new Map();
  const images = await em.find(Image, { id: { $in: [...new Set(ids)] }, screening: { $ne: null } });
  return new Map(images.map((i) => [i.id, { scores: i.screening!, flagged: isSensitive(i.screeningVerdict), face: i.faceCheck ?? null }]));
}

/** The sex a moderator checks: what a new profile submitted, else what the profile holds (given later, or null: none). */
function sexOf(item: ModerationItem, profile: Profile | undefined): Sex | null {
  const submitted = item.type === 'INITIAL' ? (item.payload as { sex?: Sex | null }).sex : null;
  return submitted ?? profile?.sex ?? null;
}

/** Items with their user, reviewer and the card to review, in five queries whatever the page size. */
export async function buildItemViews(em: EntityManager, items: ModerationItem[], now: Date): Promise<ModerationItemView[]> {
  if (items.length === 0) return [];
  const ids = [...new Set(items.flatMap((i) => [i.userId, i.reviewerId ?? i.userId]))];
  const userIds = [...new Set(items.map((i) => i.userId))];
  const users = byKey(await em.find(User, { telegramId: { $in: ids } }), (u) => u.telegramId);
  const profiles = byKey(await em.find(Profile, { user: { $in: userIds } }), (p) => p.user as unknown as number);
  const photos = await em.find(Photo, { owner: { $in: userIds } }, { orderBy: { position: 'asc' } });
  const photosOf = (userId: number) => {
    const own = photos.filter((ph) => ph.owner === userId);
    const approved = own.filter((ph) => ph.status === 'APPROVED');
    return photoUrls((approved.length ? approved : own).map((ph) => ph.image));
  };
  const cards = items.map((item) => {
    const profile = profiles.get(item.userId);
    return cardAfter(item, profile ? profileCard(item.userId, profile, photosOf(item.userId), now) : null, now);
  });
  const checks = await photoChecksOf(em, [
    ...cards.flatMap((card) => (card?.photos ?? []).map(idOfUrl).filter((id): id is string => id !== null)),
    ...items.flatMap(queuedImageIds),
  ]);
  return items.map((item, i) => {
    const user = users.get(item.userId);
    const card = cards[i] ?? null;
    const photos = card?.photos ?? [];
    const photoChecks = photos.map((url) => checks.get(idOfUrl(url) ?? '') ?? null);
    const needsPhotoCheck = queuedImageIds(item).some((id) => checks.get(id)?.flagged === true);
    const isNewProfile = item.type === 'INITIAL';
    return {
      id: item.id,
      version: item.version,
      type: item.type,
      status: item.status,
      userId: item.userId,
      createdAt: item.createdAt.toISOString(),
      reason: item.reason ?? null,
      resolvedAt: item.resolvedAt?.toISOString() ?? null,
      reviewer: item.reviewerId ? { telegramId: item.reviewerId, label: personLabel(users.get(item.reviewerId), item.reviewerId) } : null,
      user: { telegramId: item.userId, firstName: user?.firstName ?? null, username: user?.username ?? null },
      payload: {
        photos,
        photoChecks,
        needsPhotoCheck,
        ageCheck: ageCheckOf(item.type, photoChecks, card?.age ?? null),
        profile: card,
        changes: changesOf(item),
        lookingFor: card?.lookingFor ?? [],
        isNewProfile,
        sex: sexOf(item, profiles.get(item.userId)),
      },
      meta: { isNewProfile, typeLabel: MODERATION_TYPE_LABELS[item.type], userLabel: personLabel(user, item.userId) },
    };
  });
}
