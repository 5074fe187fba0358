import {
  myProfileSchema,
  profileEditResponseSchema,
  type MyProfile,
  type ProfileEditBody,
  type ProfileEditResponse,
} from '../../../../contracts/profile';
import { apiGet, apiPatch } from '../../../lib/api/api-client';

/** GET /api/profile/my: the owner's current (published) values, with pending-moderation flags. */
export function fetchMyProfile(signal?: AbortSignal): Promise<MyProfile> {
  return apiGet('/profile/my', { schema: myProfileSchema, signal });
}

/** PATCH /api/profile/my: changes go to moderation (editQueued, photosQueued). */
export function patchMyProfile(patch: ProfileEditBody): Promise<ProfileEditResponse> {
  return apiPatch('/profile/my', patch, { schema: profileEditResponseSchema });
}
