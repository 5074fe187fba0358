// Which answers let the page paint the first card before the app: only a signed-in user who may browse (not banned,
// past onboarding, no release countdown: GET /profile/me then answers 403) and a card the server chose for them.
// Anything else paints nothing early, and start-up's gate shows what it shows today.

/** What the plain-DOM card shows: the card's final layout above the fold. */
export interface EarlyCardView {
  userId: string;
  title: string;
  city: string | null;
  photo: string;
}

/** The JSON bodies of start-up's answers that came back 2xx; null for any other answer. */
export interface EarlyAnswers {
  validated: unknown;
  me: unknown;
  status: unknown;
}

// The statuses onboardingRouteFor leads into the app (webapp/app/onboarding/onboarding-route.ts).
const BROWSING = new Set(['UNDER_REVIEW_DESC', 'APPROVED']);

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The card the server chose (it names one only to users who may browse), or null. */
export function cardViewOf(first: unknown): EarlyCardView | null {
  const card = isRecord(first) ? first.card : null;
  if (!isRecord(card) || typeof card.userId !== 'string' || !Array.isArray(card.photos)) return null;
  const [photo] = card.photos as unknown[];
  if (typeof photo !== 'string') return null;
  const name = (typeof card.displayName === 'string' && card.displayName.trim()) || 'Пользователь';
  const title = typeof card.age === 'number' ? `${name}, ${card.age}` : name;
  return { userId: card.userId, title, city: typeof card.city === 'string' && card.city ? card.city : null, photo };
}

/** The status answer leads into the app (past onboarding, the sex known): the server would choose a card. */
export const statusAllowsBrowsing = (status: unknown): boolean =>
  isRecord(status) && BROWSING.has(status.status as string) && status.sexMissing !== true;

/** Signed in, not banned, no countdown (/profile/me answers 403 then), past onboarding: the app would show explore. */
export function mayBrowse({ validated, me, status }: EarlyAnswers): boolean {
  if (!isRecord(validated) || !isRecord(me) || me.isBanned !== false) return false;
  return statusAllowsBrowsing(status);
}
