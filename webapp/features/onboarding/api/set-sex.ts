import { setSexResponseSchema, type SetSexBody, type SetSexResponse } from '../../../../contracts/profile-sex';
import { apiPost } from '../../../lib/api/api-client';

/** POST /api/profile/sex: the sex of a profile made before it was required, with a new orientation when asked for. */
export function setSex(body: SetSexBody): Promise<SetSexResponse> {
  return apiPost('/profile/sex', { ...body }, { schema: setSexResponseSchema });
}
