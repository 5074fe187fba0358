import { submitResponseSchema, type RegistrationStatus } from '../../../../api/contracts/profile';
import type { Orientation, Sex } from '../../../../api/contracts/profile-fields';
import { apiPost } from '../../../lib/api/api-client';

/** The base profile as the route takes it (end-user.md §3 'Registration payload'), with the chosen place id. */
export interface BasePayload {
  displayName: string;
  /** 'DD/MM/YYYY' */
  birthDate: string;
  sex: Sex | null;
  gender: Orientation;
  city: string;
  placeId: number;
  photos: { url: string }[];
}

/** POST /api/profile/submit-base. */
export async function submitBase(payload: BasePayload): Promise<RegistrationStatus> {
  const { status } = await apiPost('/profile/submit-base', { ...payload }, { schema: submitResponseSchema });
  return status;
}
