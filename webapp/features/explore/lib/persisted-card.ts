import type { ProfileCard } from '../../../../contracts/profile-card';
import { sanitizeUrls } from '../../../lib/api/sanitize-urls';
import { deviceStorage } from '../../../lib/device-storage';
import { KEPT_CARD_NAME } from '../../../lib/kept-card-key';

const KEY = KEPT_CARD_NAME;

/**
 * The card this account was shown last, if it still passes the card schema (end-user.md §3); anything else is thrown
 * away. Never shown on its own word: only once the server's first card confirms it (AMENDMENTS §5.7, first-card.ts).
 */
export async function loadPersistedCard(): Promise<ProfileCard | null> {
  try {
    const raw = deviceStorage.get(KEY);
    if (raw === null) return null;
    // The schema (and zod) load beside the entry, not in it.
    const { profileCardSchema } = await import('../../../../contracts/profile-card');
    const parsed = profileCardSchema.safeParse(sanitizeUrls(JSON.parse(raw)));
    if (parsed.success) return parsed.data;
  } catch {
    // Unreadable storage or JSON: same as no card.
  }
  clearPersistedCard();
  return null;
}

export function persistCard(card: ProfileCard | null): void {
  if (card) deviceStorage.set(KEY, JSON.stringify(card));
  else deviceStorage.remove(KEY);
}

export function clearPersistedCard(): void {
  persistCard(null);
}
