import type { ValidateResponse } from '../../../contracts/user';
import { apiPost } from '../api/api-client';

/** POST /api/telegram/validate: the server checks the signed initData before anything renders. */
export function validateLaunch(): Promise<ValidateResponse> {
  return apiPost('/telegram/validate', {}, { schema: () => import('../../../contracts/user').then((m) => m.validateResponseSchema) });
}
