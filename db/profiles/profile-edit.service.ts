import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../contracts/errors';
import type { ProfileEditInput } from '../../contracts/profile';
import { PROFILE_MESSAGES } from '../../contracts/profile-fields';
import { ModerationItem, type ModerationType } from '../moderation/moderation-item.entity';
import { resolvePlace } from '../places/places.repository';
import { User } from '../users/user.entity';
import { fitsSex, ORIENTATION_MISMATCH } from '../../contracts/orientation-options';
import { resolveOwnImageIds } from './own-photos';
import { Photo } from './photo.entity';
import { Profile } from './profile.entity';
import { ONBOARDING_MESSAGES } from '../onboarding/onboarding.service';
import { markItemChanged } from '../moderation/item-version';

type Changes = Record<string, unknown>;
const EDITABLE = ['displayName', 'bio', 'gender', 'lookingFor', 'heightCm'] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

async function fieldChanges(
  tx: EntityManager,
  profile: Profile,
  input: ProfileEditInput,
): Promise<{ changes: Changes; previous: Changes }> {
  const wanted: Changes = {};
  for (const key of EDITABLE) if (input[key] !== undefined) wanted[key] = input[key];
  if (input.gender && !fitsSex(input.gender, profile.sex)) throw new AppError('BAD_REQUEST', ORIENTATION_MISMATCH);
  if (input.city !== undefined || input.placeId !== undefined) {
    const place = await resolvePlace(tx, input.city ?? '', input.placeId);
    if (!place) throw new AppError('BAD_REQUEST', PROFILE_MESSAGES.cityFromList);
    Object.assign(wanted, { city: place.name, place: place.id });
  }
  const current = profile as unknown as Changes;
  const changes: Changes = {};
  const previous: Changes = {};
  for (const [key, value] of Object.entries(wanted)) {
    if (same(value, current[key])) continue;
    changes[key] = value;
    previous[key] = current[key] ?? null;
  }
  return { changes, previous };
}

/** One pending item per user and type: a newer edit is merged into the waiting one instead of piling up. */
async function queue(tx: EntityManager, userId: number, type: ModerationType, payload: Changes, merge: boolean): Promise<void> {
  const pending = await tx.findOne(ModerationItem, { userId, type, status: 'PENDING' });
  if (!pending) {
    tx.create(ModerationItem, { userId, type, payload });
    return;
  }
  const old = pending.payload as { changes?: Changes; previous?: Changes };
  // A moderator who opened the older version cannot approve this one unseen.
  markItemChanged(pending);
  pending.payload = merge
    ? { changes: { ...old.changes, ...(payload.changes as Changes) }, previous: { ...(payload.previous as Changes), ...old.previous } }
    : { ...payload, previous: (pending.payload as Changes).previous ?? payload.previous };
}

/**
 * Profile edits are never applied directly: field changes go to a PROFILE_EDIT item and new photos to a
 * PHOTOS item for moderators. Values equal to the current ones are ignored. Birth date is not editable here.
 */
export async function queueProfileEdit(
  em: EntityManager,
  userId: number,
  input: ProfileEditInput,
  photoHosts: readonly string[],
): Promise<{ editQueued: boolean; photosQueued: boolean }> {
  return em.transactional(async (tx) => {
    await tx.findOneOrFail(User, { telegramId: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const profile = await tx.findOne(Profile, { user: userId });
    if (!profile) throw new AppError('CONFLICT', ONBOARDING_MESSAGES.baseFirst);
    if (profile.initialModerationStatus !== 'APPROVED') throw new AppError('CONFLICT', ONBOARDING_MESSAGES.baseUnderReview);
    const { changes, previous } = await fieldChanges(tx, profile, input);
    const editQueued = Object.keys(changes).length > 0;
    if (editQueued) await queue(tx, userId, 'PROFILE_EDIT', { changes, previous }, true);
    let photosQueued = false;
    if (input.photos) {
      const imageIds = await resolveOwnImageIds(tx, userId, input.photos, photoHosts);
      const current = (await tx.find(Photo, { owner: userId }, { orderBy: { position: 'asc' } })).map((p) => p.image);
      photosQueued = !same(imageIds, current);
      if (photosQueued) await queue(tx, userId, 'PHOTOS', { photos: imageIds, previous: current }, false);
    }
    return { editQueued, photosQueued };
  });
}
