import type { EntityManager } from '@mikro-orm/postgresql';
import { Image } from '../media/image.entity';
import { dropUnusedImages } from '../media/unused-images';
import { Photo } from '../profiles/photo.entity';
import { Profile } from '../profiles/profile.entity';
import type { ModerationItem } from './moderation-item.entity';
import { markPendingItemsChanged } from './item-version';

// What a PROFILE_EDIT may change (profile-edit.service.ts queues exactly these); anything else in a payload is ignored.
const EDITABLE = ['displayName', 'bio', 'gender', 'lookingFor', 'heightCm', 'city', 'place'] as const;

type EditPayload = { changes?: Record<string, unknown> };
type PhotosPayload = { photos?: unknown };

function approvedChanges(payload: EditPayload): Partial<Profile> {
  const changes = payload.changes ?? {};
  return Object.fromEntries(EDITABLE.filter((key) => key in changes).map((key) => [key, changes[key]])) as Partial<Profile>;
}

/** The queued photos become the profile's photos, in order; images deleted meanwhile are skipped. */
async function replacePhotos(tx: EntityManager, userId: number, payload: PhotosPayload): Promise<void> {
  const wanted = Array.isArray(payload.photos) ? payload.photos.filter((id): id is string => typeof id === 'string') : [];
  const existing = new Set((await tx.find(Image, { id: { $in: wanted }, owner: userId })).map((image) => image.id));
  const imageIds = wanted.filter((id) => existing.has(id));
  if (imageIds.length === 0) return;
  await tx.nativeDelete(Photo, { owner: userId });
  imageIds.forEach((image, position) => tx.create(Photo, { owner: userId, image, position, status: 'APPROVED' }));
}

/** The images a PHOTOS or INITIAL item names: the queued photos and, for PHOTOS, the ones they replace. */
function imagesOf(item: ModerationItem): string[] {
  const { photos, previous } = item.payload as PhotosPayload & { previous?: unknown };
  return [photos, previous].flatMap((ids) => (Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []));
}

/**
 * Once an item is decided, its images nothing uses any more go (rows now, files by the delete-image-files job):
 * the photos an approved PHOTOS replaced, the queued ones of a rejected item. Cached copies expire with /cdn's max-age.
 */
async function dropDecidedItemImages(tx: EntityManager, item: ModerationItem): Promise<void> {
  if (item.status === 'PENDING') return;
  await dropUnusedImages(tx, imagesOf(item));
}

/**
 * What a decision does to the profile, in the decision's transaction: the onboarding stages take the
 * item's status (INITIAL approved also approves its photos); approved edits and photos are applied.
 */
export async function applyItemEffects(tx: EntityManager, item: ModerationItem): Promise<void> {
  await applyProfileEffects(tx, item);
  // An approved edit or photo set changes the card the user's other pending items show (item-version.ts).
  if (item.status === 'APPROVED' && (item.type === 'PROFILE_EDIT' || item.type === 'PHOTOS'))
    await markPendingItemsChanged(tx, item.userId, item);
  await dropDecidedItemImages(tx, item);
}

async function applyProfileEffects(tx: EntityManager, item: ModerationItem): Promise<void> {
  const profile = await tx.findOne(Profile, { user: item.userId });
  if (!profile) return;
  const approved = item.status === 'APPROVED';
  switch (item.type) {
    case 'INITIAL':
      profile.initialModerationStatus = item.status;
      if (approved) await tx.nativeUpdate(Photo, { owner: item.userId, status: 'PENDING' }, { status: 'APPROVED' });
      return;
    case 'PROFILE_DESCRIPTION':
      profile.descriptionModerationStatus = item.status;
      return;
    case 'PROFILE_EDIT':
      if (approved) tx.assign(profile, approvedChanges(item.payload as EditPayload));
      return;
    case 'PHOTOS':
      if (approved) await replacePhotos(tx, item.userId, item.payload as PhotosPayload);
      return;
  }
}
