import { Button } from './button';
import styles from './state-message.module.css';

export interface ErrorStateProps {
  message: string;
  /** The server's own words, shown under the message when they add something to it. */
  detail?: string | null;
  onRetry: () => void;
  /** Spacing of the screen it stands on (--state-gap / --state-padding). */
  className?: string;
}

/** What failed to load, and 'Повторить'. */
export function ErrorState({ message, detail, onRetry, className = '' }: ErrorStateProps) {
  return (
    <div className={`${styles.state} ${className}`} role="alert">
      <p>{message}</p>
      {detail && detail !== message && <p className={styles.detail}>{detail}</p>}
      <Button variant="secondary" onClick={onRetry}>
        Повторить
      </Button>
    </div>
  );
}
