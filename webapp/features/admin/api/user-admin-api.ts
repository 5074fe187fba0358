import {
  okSchema,
  userDetailsSchema,
  type AccountPatchBody,
  type AdminProfilePatchBody,
  type UserDetails,
} from '../../../../contracts/admin';
import { uploadResponseSchema } from '../../../../contracts/media';
import type { RoleName } from '../../../../contracts/user';
import { apiGet, apiPatch, apiPost, apiUpload } from '../../../lib/api/api-client';

/** GET /api/user/{id}/details (moderators and admins). */
export function fetchUserDetails(telegramId: number): Promise<UserDetails> {
  return apiGet(`/user/${telegramId}/details`, { schema: userDetailsSchema });
}

/** PATCH /api/user/{id}/account: username, names, ban state, custom photo. */
export async function patchAccount(telegramId: number, patch: AccountPatchBody): Promise<void> {
  await apiPatch(`/user/${telegramId}/account`, patch, { schema: okSchema });
}

/** PATCH /api/user/{id}/profile: the changed profile fields. */
export async function patchProfile(telegramId: number, patch: AdminProfilePatchBody): Promise<void> {
  await apiPatch(`/user/${telegramId}/profile`, patch, { schema: okSchema });
}

/** PATCH /api/user/{id}/birth-date: moderators and admins (AMENDMENTS §1.4). */
export async function patchBirthDate(telegramId: number, birthDate: string): Promise<void> {
  await apiPatch(`/user/${telegramId}/birth-date`, { birthDate }, { schema: okSchema });
}

export async function changeRole(targetTelegramId: number, newRole: RoleName): Promise<void> {
  await apiPost('/admin/user/role', { targetTelegramId, newRole }, { schema: okSchema });
}

export async function deleteUser(targetTelegramId: number, reason: string | null): Promise<void> {
  await apiPost('/admin/user/delete', { targetTelegramId, reason }, { schema: okSchema });
}

/** The image upload call with variant avatar (the same one a user's own avatar uses); answers the image URL. */
export async function uploadAvatarFile(file: File): Promise<string> {
  return (await apiUpload('/cdn/images/upload', file, { fields: { variant: 'avatar' }, schema: uploadResponseSchema })).url;
}
