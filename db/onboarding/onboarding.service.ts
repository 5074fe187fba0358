import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../contracts/errors';
import type { OnboardingStatus, SubmitBaseInput, SubmitDetailsInput } from '../../contracts/profile';
import { PROFILE_MESSAGES } from '../../contracts/profile-fields';
import { defaultSearchShow } from '../../contracts/search-settings';
import { ModerationItem } from '../moderation/moderation-item.entity';
import { resolvePlace } from '../places/places.repository';
import { User } from '../users/user.entity';
import { resolveOwnImageIds } from '../profiles/own-photos';
import { Photo } from '../profiles/photo.entity';
import { Profile } from '../profiles/profile.entity';
import { onboardingStatusOf } from './onboarding-status';

export const ONBOARDING_MESSAGES = {
  baseUnderReview: 'Анкета уже на модерации, дождитесь решения',
  baseApproved: 'Анкета уже одобрена',
  baseFirst: 'Сначала заполните анкету',
  baseNotApproved: 'Описание можно отправить после одобрения анкеты',
  descriptionUnderReview: 'Описание уже на модерации, дождитесь решения',
  descriptionApproved: 'Описание уже одобрено',
} as const;

/** Locks the user's row so two submissions of one user run one after the other. */
async function lockedProfile(tx: EntityManager, userId: number): Promise<Profile | null> {
  await tx.findOneOrFail(User, { telegramId: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  return tx.findOne(Profile, { user: userId });
}

function refuseBase(status: OnboardingStatus): void {
  if (status === 'NO_PROFILE' || status === 'BASE_DISCREPANT') return;
  const message = status === 'UNDER_REVIEW_BASE' ? ONBOARDING_MESSAGES.baseUnderReview : ONBOARDING_MESSAGES.baseApproved;
  throw new AppError('CONFLICT', message, { status });
}

/** Onboarding: writes the base profile and its three photos and queues an INITIAL moderation item. */
export async function submitBase(
  em: EntityManager,
  userId: number,
  input: SubmitBaseInput,
  photoHosts: readonly string[],
): Promise<OnboardingStatus> {
  return em.transactional(async (tx) => {
    const existing = await lockedProfile(tx, userId);
    refuseBase(onboardingStatusOf(existing));
    const place = await resolvePlace(tx, input.city, input.placeId);
    if (!place) throw new AppError('BAD_REQUEST', PROFILE_MESSAGES.cityFromList, { field: 'city' });
    const imageIds = await resolveOwnImageIds(tx, userId, input.photos, photoHosts);
    const fields = {
      displayName: input.displayName,
      birthDate: input.birthDate,
      // Kept for everyone (AMENDMENTS §4.1): the feed matches on it both ways; required (§5.2).
      sex: input.sex,
      gender: input.gender,
      city: place.name,
      place: place.id,
      initialModerationStatus: 'PENDING' as const,
    };
    const searchShow = defaultSearchShow(fields.sex, fields.gender);
    if (existing) tx.assign(existing, { ...fields, searchShow });
    else tx.create(Profile, { user: userId, ...fields, searchShow });
    await tx.nativeDelete(Photo, { owner: userId });
    imageIds.forEach((image, position) => tx.create(Photo, { owner: userId, image, position, status: 'PENDING' }));
    const { displayName, birthDate, sex, gender, city } = fields;
    tx.create(ModerationItem, {
      userId,
      type: 'INITIAL',
      payload: { displayName, birthDate, sex, gender, city, placeId: place.id, photos: imageIds },
    });
    return 'UNDER_REVIEW_BASE' as const;
  });
}

function refuseDetails(status: OnboardingStatus): void {
  if (status === 'NEED_DESCRIPTION') return;
  const message = {
    NO_PROFILE: ONBOARDING_MESSAGES.baseFirst,
    BASE_DISCREPANT: ONBOARDING_MESSAGES.baseFirst,
    UNDER_REVIEW_BASE: ONBOARDING_MESSAGES.baseNotApproved,
    UNDER_REVIEW_DESC: ONBOARDING_MESSAGES.descriptionUnderReview,
    APPROVED: ONBOARDING_MESSAGES.descriptionApproved,
  }[status];
  throw new AppError('CONFLICT', message, { status });
}

/** Description stage: writes the description fields and queues a PROFILE_DESCRIPTION item. */
export async function submitDetails(em: EntityManager, userId: number, input: SubmitDetailsInput): Promise<OnboardingStatus> {
  return em.transactional(async (tx) => {
    const profile = await lockedProfile(tx, userId);
    refuseDetails(onboardingStatusOf(profile));
    const fields = {
      bio: input.description,
      lookingFor: input.lookingFor,
      heightCm: input.heightCm ?? null,
    };
    tx.assign(profile!, { ...fields, consentAcceptedAt: new Date(), descriptionModerationStatus: 'PENDING' });
    tx.create(ModerationItem, { userId, type: 'PROFILE_DESCRIPTION', payload: fields });
    return 'UNDER_REVIEW_DESC' as const;
  });
}
