import { useMemo } from 'react';
import { ADMIN_MESSAGES, STATS_WINDOW_DAYS } from '../../../../contracts/admin';
import { ErrorState } from '../../../components/ui/error-state';
import heading from '../../../components/ui/heading.module.css';
import { Spinner } from '../../../components/ui/spinner';
import type { AdminStats } from '../api/stats-api';
import { useAdminStats } from '../hooks/use-admin-stats';
import { ChartCard } from './chart-card';
import { ModeratorCards } from './moderator-cards';
import { ScreeningDays } from './screening-days';
import { StatTiles } from './stat-tiles';
import styles from './stats.module.css';

function chartsOf(stats: AdminStats) {
  return {
    registrations: {
      days: stats.registrations.map((r) => r.day),
      series: [{ label: 'Регистрации', values: stats.registrations.map((r) => r.count), color: 'var(--accent)' }],
    },
    activity: {
      days: stats.activity.map((a) => a.day),
      series: [
        { label: 'Сообщения', values: stats.activity.map((a) => a.messages), color: 'var(--accent)' },
        { label: 'Лайки', values: stats.activity.map((a) => a.likes), color: '#f0517d' },
      ],
    },
    screening: {
      days: stats.screening.map((s) => s.day),
      series: [
        { label: 'Отклонено', values: stats.screening.map((s) => s.refused), color: '#e5484d' },
        { label: 'На проверку', values: stats.screening.map((s) => s.flagged), color: '#f08c2e' },
        { label: 'С предупреждением', values: stats.screening.map((s) => s.warned), color: 'var(--accent)' },
      ],
    },
  };
}

/** /admin/stats (moderation-admin.md §2 Admin statistics): counts, moderators and 30-day charts, photo screening's too. */
export default function StatsScreen() {
  const { stats, loading, error, reload } = useAdminStats();
  const charts = useMemo(() => (stats ? chartsOf(stats) : null), [stats]);
  return (
    <section className={styles.screen} aria-labelledby="stats-title">
      <div className={`${heading.heading} ${styles.heading}`}>
        <h2 id="stats-title">Статистика</h2>
        <span className={styles.window}>за {STATS_WINDOW_DAYS} дней</span>
      </div>
      {loading && !stats && <Spinner />}
      {error !== null && <ErrorState message={ADMIN_MESSAGES.requestFailed} detail={error} onRetry={reload} />}
      {stats && charts && (
        <>
          <StatTiles overview={stats.overview} />
          <ModeratorCards moderators={stats.moderators} />
          <ChartCard title="Регистрации по дням" {...charts.registrations} />
          <ChartCard title="Активность по дням" {...charts.activity} />
          <ChartCard title="Проверка фото" {...charts.screening} />
          <ScreeningDays screening={stats.screening} />
        </>
      )}
    </section>
  );
}
