import { useSearchParams } from 'react-router-dom';
import styles from './hub.module.css';
import { QueueCards } from './queue-cards';
import { ReviewList } from './review-list';

/** /moderation/profiles: without type and status a menu of the queues; otherwise the review list. */
export function ProfilesScreen() {
  const [params] = useSearchParams();
  const chosen = ['type', 'status', 'userId', 'itemId'].some((name) => params.has(name));
  if (chosen) return <ReviewList />;
  return (
    <section className={styles.hub}>
      <h2 className={styles.title}>Анкеты</h2>
      <p className={styles.lead}>Что проверить?</p>
      <QueueCards layout="menu" />
    </section>
  );
}
