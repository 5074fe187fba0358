import type { ReactNode } from 'react';
import styles from './state-message.module.css';

/** A quiet line in place of content, e.g. 'Никого не нашли'. */
export function StateMessage({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <p className={`${styles.state} ${className}`}>{children}</p>;
}
