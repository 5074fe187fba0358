import type { ReactNode } from 'react';
import styles from './card-state.module.css';

// 24×24 stroke icons for the states that stand in for a card.
const ICONS = {
  alert: 'M12 3.5 2.8 19.5h18.4zM12 10v4.5M12 17.3h.01',
  // The deck seen through: a stack of cards with a tick (not rays, which read as a loading spinner).
  deckDone: 'M5 8a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2zM9 3h8a2 2 0 0 1 2 2v11M8.5 13.5l2 2 3.5-3.5',
  heart: 'M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.3a4.3 4.3 0 0 1 7.5 2.5C19.5 15.4 12 20 12 20z',
  check: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8 12.3l2.7 2.7L16 9.7',
} as const;
export type CardStateIcon = keyof typeof ICONS;

export interface CardStateProps {
  icon: CardStateIcon;
  title: string;
  hint?: ReactNode;
  tone?: 'neutral' | 'danger';
  action?: ReactNode;
  /** 'alert' for errors. */
  role?: 'status' | 'alert';
}

/** What stands in the card's place: an error with a retry, or an empty list with a way on. */
export function CardState({ icon, title, hint, tone = 'neutral', action, role }: CardStateProps) {
  return (
    <div className={styles.state} role={role} data-testid="card-state">
      <span className={`${styles.symbol} ${tone === 'danger' ? styles.danger : ''}`} aria-hidden="true">
        <svg
          width="34"
          height="34"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d={ICONS[icon]} />
        </svg>
      </span>
      <p className={styles.title}>{title}</p>
      {hint && <p className={styles.hint}>{hint}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
