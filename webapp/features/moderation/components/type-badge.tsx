import type { ModerationType } from '../../../../api/contracts/moderation';
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
