import { lazy, Suspense } from 'react';
import type { ChartSeries } from './line-chart';
import styles from './stats.module.css';

// uPlot is loaded with the first chart, not with the app.
const LineChart = lazy(() => import('./line-chart'));

/** A titled chart with the window's totals in words (for screen readers and a quick read). */
export function ChartCard({ title, days, series }: { title: string; days: string[]; series: ChartSeries[] }) {
  const totals = series.map((s) => `${s.label}: ${s.values.reduce((a, b) => a + b, 0).toLocaleString('ru-RU')}`).join(' · ');
  return (
    <figure className={styles.card} aria-label={title}>
      <figcaption className={styles.chartHead}>
        <span className={styles.cardTitle}>{title}</span>
        <span className={styles.chartTotals}>
          За {days.length} дн. — {totals}
        </span>
      </figcaption>
      <Suspense fallback={<div className={styles.chartPlaceholder} />}>
        <LineChart days={days} series={series} />
      </Suspense>
    </figure>
  );
}
