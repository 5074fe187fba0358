import type { HistoryCounts } from '../hooks/use-likes-history';
import styles from './history-stats.module.css';

/** The statistics box, shown only when there is at least one like (end-user.md §2). */
export function HistoryStats({ counts }: { counts: HistoryCounts }) {
  if (counts.totalCount <= 0) return null;
  const items = [
    { label: 'Всего лайков', value: counts.totalCount },
    { label: 'Матчи', value: counts.matchedCount },
    { label: 'Мои лайки', value: counts.myLikesCount },
    { label: 'Полученные', value: counts.receivedLikesCount },
  ];
  return (
    <dl className={styles.stats} aria-label="Статистика">
      {items.map((item) => (
        <div key={item.label} className={styles.stat}>
          <dd>{item.value}</dd>
          <dt>{item.label}</dt>
        </div>
      ))}
    </dl>
  );
}
