import { submitResponseSchema, type OnboardingStatus, type SubmitBaseBody } from '../../../../contracts/profile';
import type { Sex } from '../../../../contracts/profile-fields';
import { apiPost } from '../../../lib/api/api-client';

/** The base profile as the route takes it (end-user.md §3 'Registration payload'), with the chosen place id; birthDate 'DD/MM/YYYY'. */
export type BasePayload = SubmitBaseBody & { sex: Sex; placeId: number; photos: { url: string }[] };

/** POST /api/profile/submit-base. */
export async function submitBase(payload: BasePayload): Promise<OnboardingStatus> {
  const { status } = await apiPost('/profile/submit-base', { ...payload }, { schema: submitResponseSchema });
  return status;
}
