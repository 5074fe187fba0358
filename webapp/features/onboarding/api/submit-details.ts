import { submitResponseSchema, type OnboardingStatus, type SubmitDetailsBody } from '../../../../contracts/profile';
import { apiPost } from '../../../lib/api/api-client';

/** POST /api/profile/submit-details. */
export async function submitDetails(payload: SubmitDetailsBody): Promise<OnboardingStatus> {
  const { status } = await apiPost('/profile/submit-details', { ...payload }, { schema: submitResponseSchema });
  return status;
}
