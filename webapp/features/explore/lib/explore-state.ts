import { profileCardSchema, type ProfileCard } from '../../../../contracts/profile-card';
import { sanitizeUrls } from '../../../lib/api/sanitize-urls';
import { EXPLORE_TEXT } from './explore-messages';

export type ExploreState =
  { phase: 'loading' } | { phase: 'card'; card: ProfileCard } | { phase: 'empty' } | { phase: 'error'; message: string };

/** A `profile` message: null means no profiles are left; a card must pass the card schema. */
export function parseProfileMessage(data: unknown): ExploreState {
  if (data === null) return { phase: 'empty' };
  const parsed = profileCardSchema.safeParse(sanitizeUrls(data));
  return parsed.success ? { phase: 'card', card: parsed.data } : { phase: 'error', message: EXPLORE_TEXT.invalid };
}
