import type { StatsOverview } from '../../../../contracts/admin';
import styles from './stats.module.css';

/** Users registered today, in 7 days and in total, and what waits for moderation. */
export function StatTiles({ overview }: { overview: StatsOverview }) {
  const tiles = [
    { label: 'Сегодня', value: overview.usersToday },
    { label: 'За 7 дней', value: overview.usersThisWeek },
    { label: 'Всего', value: overview.totalUsers },
    { label: 'На модерации', value: overview.pendingModeration },
  ];
  return (
    <ul className={styles.tiles} aria-label="Пользователи">
      {tiles.map((t) => (
        <li key={t.label} className={styles.tile}>
          <span className={styles.tileValue}>{t.value.toLocaleString('ru-RU')}</span>
          <span className={styles.tileLabel}>{t.label}</span>
        </li>
      ))}
    </ul>
  );
}
