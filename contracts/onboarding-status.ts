// Start-up's registration answer (POST /api/profile/status) in zod/mini, as contracts/user.ts: checked before the
// first screen without zod classic. contracts/profile.ts passes it on with the other profile schemas.
import * as z from 'zod/mini';
import { ORIENTATIONS } from './orientations';

/**
 * Onboarding status (POST /api/profile/status):
 * NO_PROFILE → onboarding; UNDER_REVIEW_BASE → waiting screen; BASE_DISCREPANT (with `reason`) → onboarding again;
 * NEED_DESCRIPTION → description flow (with `reason` when a previous description was found discrepant or rejected);
 * UNDER_REVIEW_DESC → main app with the 'На модерации' badge; APPROVED → main app.
 */
export const ONBOARDING_STATUSES = [
  'NO_PROFILE',
  'UNDER_REVIEW_BASE',
  'BASE_DISCREPANT',
  'NEED_DESCRIPTION',
  'UNDER_REVIEW_DESC',
  'APPROVED',
] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];

export const statusResponseSchema = z.object({
  ok: z.literal(true),
  status: z.enum(ONBOARDING_STATUSES),
  reason: z.nullable(z.string()),
  /** A profile made before sex was required (AMENDMENTS §5.2): the mini app asks for it before the tabs. */
  sexMissing: z._default(z.boolean(), false),
  /** The stored orientation, for that screen: it asks for a new one when the chosen sex does not allow it. */
  gender: z._default(z.nullable(z.enum(ORIENTATIONS)), null),
});
export type StatusResponse = z.infer<typeof statusResponseSchema>;
