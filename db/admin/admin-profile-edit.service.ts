import type { Actor } from '../users/session-user';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_MAX_PHOTOS, ADMIN_MESSAGES, ADMIN_PROFILE_MESSAGES, type AdminProfilePatch } from '../../contracts/admin';
import { ageOn, parseBirthDate } from '../../contracts/birth-date';
import { AppError, MESSAGES } from '../../contracts/errors';
import { MAX_AGE, MIN_AGE, type Sex } from '../../contracts/profile-fields';
import { recordAudit } from '../audit/audit.service';
import { markPendingItemsChanged } from '../moderation/item-version';
import { resolvePlace } from '../places/places.repository';
import { normalizeOrientation } from '../profiles/orientation';
import { resolveOwnImageIds } from '../profiles/own-photos';
import { Photo } from '../profiles/photo.entity';
import { Profile } from '../profiles/profile.entity';
import { assertAdmin, findTarget, mayCorrectBirthDate } from './assert-admin';

type Changes = Record<string, unknown>;
const PLAIN = ['displayName', 'bio', 'heightCm', 'sex'] as const;

/** A real calendar date in the 13–19 band today (the contract checks only the shape). */
function checkedBirthDate(value: string): string {
  const parsed = parseBirthDate(value);
  if (typeof parsed === 'string') throw new AppError('BAD_REQUEST', ADMIN_PROFILE_MESSAGES.birthDate);
  const age = ageOn(parsed);
  if (age < MIN_AGE || age > MAX_AGE) throw new AppError('BAD_REQUEST', ADMIN_PROFILE_MESSAGES.birthDate);
  return value;
}

/** The wanted field values; a city from the list keeps its place (the feed's geography), any other text has none. */
async function wantedFields(tx: EntityManager, profile: Profile, patch: AdminProfilePatch): Promise<Changes> {
  const wanted: Changes = {};
  for (const key of PLAIN) if (patch[key] !== undefined) wanted[key] = patch[key];
  // A new sex re-reads the orientation too (GAY for a girl is LESBIAN).
  const gender = patch.gender ?? (patch.sex ? profile.gender : undefined);
  if (gender) wanted.gender = normalizeOrientation(gender, (patch.sex ?? profile.sex) as Sex | null);
  if (patch.birthDate !== undefined) wanted.birthDate = checkedBirthDate(patch.birthDate);
  if (patch.city !== undefined) Object.assign(wanted, { city: patch.city, place: (await resolvePlace(tx, patch.city))?.id ?? null });
  return wanted;
}

/** The photo set replaced, in the given order, approved (an admin is a moderator); only this user's own uploads. */
async function replacePhotos(
  tx: EntityManager,
  userId: number,
  urls: readonly string[],
  hosts: readonly string[],
): Promise<{ before: string[]; after: string[] } | null> {
  if (urls.length > ADMIN_MAX_PHOTOS) throw new AppError('BAD_REQUEST', ADMIN_PROFILE_MESSAGES.photosMax);
  const after = await resolveOwnImageIds(tx, userId, urls, hosts);
  const existing = await tx.find(Photo, { owner: userId }, { orderBy: { position: 'asc' } });
  const before = existing.map((p) => p.image);
  if (JSON.stringify(before) === JSON.stringify(after) && existing.every((p) => p.status === 'APPROVED')) return null;
  await tx.nativeDelete(Photo, { owner: userId });
  after.forEach((image, position) => tx.create(Photo, { owner: userId, image, position, status: 'APPROVED' }));
  return { before, after };
}

/** PATCH /api/user/{id}/profile: applied at once (no moderation item), with the admin limits and one audit entry. */
export async function editProfileAsAdmin(
  em: EntityManager,
  actor: Actor,
  targetId: number,
  patch: AdminProfilePatch,
  hosts: readonly string[],
): Promise<void> {
  assertAdmin(actor);
  await findTarget(em, targetId);
  await applyProfileEdit(em, actor, targetId, patch, hosts);
}

/** PATCH /api/user/{id}/birth-date: moderators correct an ordinary user's birth date too (AMENDMENTS §1.4), audited alike. */
export async function correctBirthDate(em: EntityManager, actor: Actor, targetId: number, birthDate: string): Promise<void> {
  const target = await findTarget(em, targetId);
  if (!mayCorrectBirthDate(actor, target)) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
  await applyProfileEdit(em, actor, targetId, { birthDate }, []);
}

/** The wanted changes in one transaction, with one 'user.profile' audit entry of before and after. */
async function applyProfileEdit(
  em: EntityManager,
  actor: Actor,
  targetId: number,
  patch: AdminProfilePatch,
  hosts: readonly string[],
): Promise<void> {
  await em.transactional(async (tx) => {
    const profile = await tx.findOne(Profile, { user: targetId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!profile) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.profileNotFound);
    const current = profile as unknown as Changes;
    const wanted = await wantedFields(tx, profile, patch);
    const changed = Object.keys(wanted).filter((key) => JSON.stringify(current[key] ?? null) !== JSON.stringify(wanted[key] ?? null));
    const before: Changes = Object.fromEntries(changed.map((key) => [key, current[key] ?? null]));
    const after: Changes = Object.fromEntries(changed.map((key) => [key, wanted[key]]));
    tx.assign(profile, after);
    const photos = patch.photos ? await replacePhotos(tx, targetId, patch.photos, hosts) : null;
    if (photos) {
      before.photos = photos.before;
      after.photos = photos.after;
    }
    if (Object.keys(after).length === 0) return;
    // What a pending item of this user shows changed: a moderator must look again before deciding.
    await markPendingItemsChanged(tx, targetId);
    recordAudit(tx, { actorId: actor.telegramId, action: 'user.profile', targetType: 'user', targetId, details: { before, after } });
  });
}
