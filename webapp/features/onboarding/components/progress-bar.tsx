import styles from './progress-bar.module.css';

/** Segmented progress: one segment per step, filled up to the current one. */
export function ProgressBar({ current, total }: { current: number; total: number }) {
  return (
    <div
      className={styles.bar}
      role="progressbar"
      aria-label="Прогресс"
      aria-valuemin={1}
      aria-valuemax={total}
      aria-valuenow={current + 1}
      aria-valuetext={`Шаг ${current + 1} из ${total}`}
    >
      {Array.from({ length: total }, (_, i) => (
        <span key={i} className={styles.segment} data-filled={i <= current} />
      ))}
    </div>
  );
}
