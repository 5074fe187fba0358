import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon';
import styles from './empty-state.module.css';

export interface EmptyStateProps {
  icon: IconName;
  title: string;
  hint?: string;
  /** Spacing and background of the screen it stands on. */
  className?: string;
  /** An action under the text. */
  children?: ReactNode;
}

/** Nothing here yet: an icon in a tinted circle, a title, a hint. */
export function EmptyState({ icon, title, hint, className = '', children }: EmptyStateProps) {
  return (
    <div className={`${styles.empty} ${className}`}>
      <span className={styles.symbol} aria-hidden="true">
        <Icon name={icon} size={30} />
      </span>
      <p className={styles.title}>{title}</p>
      {hint && <p className={styles.hint}>{hint}</p>}
      {children}
    </div>
  );
}
