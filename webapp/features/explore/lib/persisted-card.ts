import { profileCardSchema, type ProfileCard } from '../../../../api/contracts/profile-card';
import { sanitizeUrls } from '../../../lib/api/sanitize-urls';

const KEY = 'explore.currentCard';

/** The card shown last, if it still passes the card schema (end-user.md §3); anything else is thrown away. */
export function loadPersistedCard(): ProfileCard | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (raw === null) return null;
    const parsed = profileCardSchema.safeParse(sanitizeUrls(JSON.parse(raw)));
    if (parsed.success) return parsed.data;
  } catch {
    // Unreadable storage or JSON: same as no card.
  }
  clearPersistedCard();
  return null;
}

export function persistCard(card: ProfileCard | null): void {
  try {
    if (card) localStorage.setItem(KEY, JSON.stringify(card));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage full or blocked: the card is simply not kept.
  }
}

export function clearPersistedCard(): void {
  persistCard(null);
}

export const PERSISTED_CARD_KEY = KEY;
