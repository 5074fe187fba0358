import type { ReactNode } from 'react';
import { Icon, type IconName } from '../ui/icon';
import styles from './card-state.module.css';

/** The card states' icons, from the product's icon table. */
type CardStateIcon = Extract<IconName, 'alert' | 'deckDone' | 'heart' | 'check'>;

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
        <Icon name={icon} size={34} />
      </span>
      <p className={styles.title}>{title}</p>
      {hint && <p className={styles.hint}>{hint}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
