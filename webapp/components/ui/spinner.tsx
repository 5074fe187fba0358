import styles from './spinner.module.css';

export function Spinner({ label = 'Загрузка…' }: { label?: string }) {
  return (
    <div className={styles.wrap} role="status" aria-label={label}>
      <span className={styles.dot} />
      <span className={styles.dot} />
      <span className={styles.dot} />
    </div>
  );
}
