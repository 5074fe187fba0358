import type { ScreeningStats } from '../../../../contracts/admin';
import styles from './stats.module.css';

type Day = ScreeningStats['screening'][number];

const SHOWN_DAYS = 7;
/** '27.11' of a 'YYYY-MM-DD' day (UTC, as the server counts). */
const dayText = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;

/**
 * Photo screening per day in numbers: the latest days it acted on, newest first (the chart above shows the trend), with
 * the new profiles and photos the face check flagged (issue 43).
 */
export function ScreeningDays({ screening }: { screening: Day[] }) {
  const days = screening
    .filter((d) => d.refused + d.flagged + d.warned + d.ageFlagged > 0)
    .reverse()
    .slice(0, SHOWN_DAYS);
  return (
    <section className={styles.card} aria-label="Проверка фото по дням">
      <h3 className={styles.cardTitle}>Проверка фото по дням</h3>
      {days.length === 0 ? (
        <p className={styles.muted}>Проверка ничего не отклоняла и не отмечала</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">День</th>
              <th scope="col">Отклонено</th>
              <th scope="col">На проверку</th>
              <th scope="col">С предупреждением</th>
              <th scope="col">Проверьте возраст</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">
                  <time dateTime={d.day}>{dayText(d.day)}</time>
                </th>
                <td>{d.refused}</td>
                <td>{d.flagged}</td>
                <td>{d.warned}</td>
                <td>{d.ageFlagged}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
