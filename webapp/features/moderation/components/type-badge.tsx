import type { ModerationType } from '../../../../contracts/moderation';
import { SCREENING_MESSAGES } from '../../../../contracts/screening';
import styles from './review.module.css';

const TONE: Record<ModerationType, string> = { INITIAL: 'green', PROFILE_DESCRIPTION: 'blue', PROFILE_EDIT: 'orange', PHOTOS: 'orange' };

/** The badge of a review card: green 'Новый профиль' for new profiles (moderation-admin.md §2). */
export function TypeBadge({ type, label }: { type: ModerationType; label: string }) {
  return (
    <span className={`${styles.badge} ${styles[TONE[type]] ?? ''}`} data-testid="type-badge">
      {label}
    </span>
  );
}

/** Next to the type badge when screening flagged a photo of the item (issue #27). */
export function CheckBadge() {
  return (
    <span className={`${styles.badge} ${styles.red}`} data-testid="check-badge">
      {SCREENING_MESSAGES.checkPhoto}
    </span>
  );
}
