import type { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_MESSAGES, adminProfilePatchSchema } from '../../contracts/admin';
import { AppError } from '../../contracts/errors';
import { Profile } from '../profiles/profile.entity';
import type { Actor } from '../users/session-user';
import { editProfileAsAdmin } from './admin-profile-edit.service';

/**
 * A Profile row changed in the database browser goes through the admin's profile edit (AMENDMENTS §5.6): the
 * panel's limits, a birth date by the correction rule (13–19; chats check age bands at today's ages on every
 * request), sex and orientation by the orientation rule, pending items bumped, one 'user.profile' audit entry.
 */
export async function updateProfileRow(em: EntityManager, actor: Actor, key: Record<string, unknown>, changes: Record<string, unknown>) {
  const patch = adminProfilePatchSchema.parse(changes);
  const userId = Number(key.user);
  if ((await em.fork().count(Profile, { user: userId })) === 0) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.rowNotFound);
  await editProfileAsAdmin(em, actor, userId, patch, []);
  return em.fork().findOneOrFail(Profile, { user: userId });
}
