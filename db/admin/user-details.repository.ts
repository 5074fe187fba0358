import type { Actor } from '../users/session-user';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_MESSAGES, type UserDetails } from '../../contracts/admin';
import { AppError } from '../../contracts/errors';
import { imagePath } from '../../contracts/media';
import { personLabel } from '../../contracts/moderation-outcome';
import type { RoleName } from '../../contracts/user';
import { ageOn } from '../matching/age-band';
import { ModerationItem } from '../moderation/moderation-item.entity';
import { Photo } from '../profiles/photo.entity';
import { Profile } from '../profiles/profile.entity';
import { User } from '../users/user.entity';
import { isAdmin, isModerator } from '../users/users.service';
import { mayCorrectBirthDate } from './assert-admin';
import { userHistory } from './user-history.repository';

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

function userPart(user: User): UserDetails['user'] {
  const role = user.role as RoleName;
  return {
    telegramId: user.telegramId,
    isBanned: user.isBanned,
    banReason: user.banReason ?? null,
    bannedAt: iso(user.bannedAt),
    isModerator: isModerator(role),
    isAdmin: isAdmin(role),
    username: user.username ?? null,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    role,
    customPhotoUrl: user.customPhotoUrl ?? null,
    photoUrl: user.photoUrl ?? null,
    createdAt: iso(user.createdAt)!,
  };
}

async function profilePart(em: EntityManager, userId: number, now: Date): Promise<UserDetails['profile']> {
  const profile = await em.findOne(Profile, { user: userId });
  if (!profile) return null;
  const photos = await em.find(Photo, { owner: userId }, { orderBy: { position: 'asc' } });
  return {
    displayName: profile.displayName,
    birthDate: String(profile.birthDate).slice(0, 10),
    age: ageOn(profile.birthDate, now),
    city: profile.city,
    bio: profile.bio ?? null,
    gender: profile.gender,
    sex: profile.sex ?? null,
    lookingFor: profile.lookingFor ?? [],
    heightCm: profile.heightCm ?? null,
    photos: photos.map((p) => ({ url: imagePath(p.image, 'profile'), position: p.position, status: p.status })),
    initialModerationStatus: profile.initialModerationStatus,
    descriptionModerationStatus: profile.descriptionModerationStatus ?? null,
    createdAt: iso(profile.createdAt)!,
    updatedAt: iso(profile.updatedAt)!,
  };
}

/** The latest INITIAL item: how the first review went and who decided. */
async function initialReview(em: EntityManager, userId: number): Promise<UserDetails['initialReview']> {
  const [item] = await em.find(ModerationItem, { userId, type: 'INITIAL' }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 1 });
  if (!item) return null;
  const reviewerId = item.reviewerId ?? null;
  const reviewer = reviewerId ? await em.findOne(User, { telegramId: reviewerId }) : null;
  return {
    itemId: item.id,
    status: item.status,
    reason: item.reason ?? null,
    resolvedAt: iso(item.resolvedAt),
    reviewer: reviewerId ? { telegramId: reviewerId, label: personLabel(reviewer, reviewerId) } : null,
  };
}

/** GET /api/user/{id}/details: account, profile, first review and history; `canEdit` for admins only. */
export async function loadUserDetails(em: EntityManager, viewer: Actor, userId: number, now = new Date()): Promise<UserDetails> {
  const user = await em.findOne(User, { telegramId: userId });
  if (!user) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.userNotFound);
  return {
    ok: true,
    user: userPart(user),
    profile: await profilePart(em, userId, now),
    initialReview: await initialReview(em, userId),
    history: await userHistory(em, userId),
    canEdit: isAdmin(viewer.role as RoleName) && !viewer.isBanned,
    canEditBirthDate: mayCorrectBirthDate(viewer, user),
  };
}
