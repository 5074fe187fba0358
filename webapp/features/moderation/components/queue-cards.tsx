import { Link } from 'react-router-dom';
import { useModerationCounts } from '../hooks/use-moderation-counts';
import { QUEUES } from '../lib/list-titles';
import { useStaffLinks } from '../lib/staff-links';
import styles from './hub.module.css';

/** The four queues with what waits in each; a card opens its list. */
export function QueueCards({ layout = 'grid' }: { layout?: 'grid' | 'menu' }) {
  const counts = useModerationCounts();
  const links = useStaffLinks();
  return (
    <nav className={layout === 'grid' ? styles.grid : styles.menu} aria-label="Очереди модерации">
      {QUEUES.map((queue) => {
        const count = counts ? queue.count(counts) : null;
        return (
          <Link
            key={queue.key}
            to={links.queue(queue.to)}
            className={`${styles.card} ${count ? styles.waiting : ''}`}
            data-queue={queue.key}
          >
            <span className={styles.count} aria-label={`${queue.title}: ${count ?? '…'}`}>
              {count ?? '…'}
            </span>
            <span className={styles.cardTitle}>{queue.title}</span>
            <span className={styles.hint}>{queue.hint}</span>
          </Link>
        );
      })}
    </nav>
  );
}
