import { ADMIN_MESSAGES, type ModeratorStats } from '../../../../contracts/admin';
import { countText } from '../lib/format';
import styles from './stats.module.css';

type Stat = NonNullable<ModeratorStats['best']>;

const minutesText = (m: number) => (m < 60 ? `${Math.round(m)} мин` : `${(m / 60).toFixed(1).replace('.', ',')} ч`);

function ModeratorCard({ title, stat, note }: { title: string; stat: Stat | null; note: string | null }) {
  return (
    <section className={styles.card} aria-label={title}>
      <h3 className={styles.cardTitle}>{title}</h3>
      {stat ? (
        <>
          <p className={styles.moderator}>{stat.label}</p>
          <p className={styles.muted}>
            {countText(stat.decisions, ['решение', 'решения', 'решений'])} · медиана {minutesText(stat.medianMinutes)}
          </p>
        </>
      ) : (
        <>
          <p className={styles.moderator}>{ADMIN_MESSAGES.notEnoughData}</p>
          {note && note !== ADMIN_MESSAGES.notEnoughData && <p className={styles.muted}>{note}</p>}
        </>
      )}
    </section>
  );
}

/** The fastest and the slowest moderator of the window; 'Недостаточно данных' (and the server's note) when there is too little. */
export function ModeratorCards({ moderators }: { moderators: ModeratorStats }) {
  return (
    <div className={styles.pair}>
      <ModeratorCard title="Лучший модератор" stat={moderators.best} note={moderators.note} />
      <ModeratorCard title="Худший модератор" stat={moderators.worst} note={moderators.note} />
    </div>
  );
}
