import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../contracts/errors';
import { fitsSex, ORIENTATION_MISMATCH } from '../../contracts/orientation-options';
import type { Orientation, Sex } from '../../contracts/profile-fields';
import { SEX_MESSAGES } from '../../contracts/profile-sex';
import { ONBOARDING_MESSAGES } from '../onboarding/onboarding.service';
import { User } from '../users/user.entity';
import { Profile } from './profile.entity';

/**
 * Stores the sex of a profile made before it was required (AMENDMENTS §5.2). Set once: sex is not a user edit
 * afterwards. The orientation must fit it (§4.1): a stored one that does not is replaced by `gender`, never rewritten
 * silently. The write goes through the ORM like every profile write; the feed's trigger voids the cursors it affects.
 */
export async function setMissingSex(
  em: EntityManager,
  userId: number,
  input: { sex: Sex; gender?: Orientation | undefined },
): Promise<{ sex: Sex; gender: Orientation }> {
  return em.transactional(async (tx) => {
    await tx.findOneOrFail(User, { telegramId: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const profile = await tx.findOne(Profile, { user: userId });
    if (!profile) throw new AppError('CONFLICT', ONBOARDING_MESSAGES.baseFirst);
    if (profile.sex === input.sex && (!input.gender || input.gender === profile.gender))
      return { sex: profile.sex, gender: profile.gender };
    if (profile.sex) throw new AppError('CONFLICT', SEX_MESSAGES.alreadySet, { field: 'sex' });
    const gender = input.gender ?? profile.gender;
    if (!fitsSex(gender, input.sex)) throw new AppError('BAD_REQUEST', ORIENTATION_MISMATCH, { field: 'gender' });
    tx.assign(profile, { sex: input.sex, gender });
    return { sex: input.sex, gender };
  });
}
