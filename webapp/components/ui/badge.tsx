import { formatBadge } from './format-badge';
import styles from './badge.module.css';

export function Badge({ count, label }: { count: number; label?: string }) {
  const text = formatBadge(count);
  if (!text) return null;
  return (
    <span className={styles.badge} aria-label={label ? `${label}: ${text}` : text} data-testid="badge">
      {text}
    </span>
  );
}
