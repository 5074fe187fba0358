import styles from './card-skeleton.module.css';

/** The card's outline while the next card is on its way, with the screen's loading text. */
export function CardSkeleton({ label }: { label: string }) {
  return (
    <div className={styles.skeleton} role="status" aria-live="polite" data-testid="card-skeleton">
      <div className={styles.photo}>
        <span className={styles.label}>{label}</span>
      </div>
      <div className={styles.lines} aria-hidden="true">
        <span className={styles.line} style={{ width: '46%' }} />
        <span className={styles.line} style={{ width: '82%' }} />
        <span className={styles.line} style={{ width: '64%' }} />
      </div>
    </div>
  );
}
