import styles from './hub.module.css';
import { QueueCards } from './queue-cards';

/** /moderation: the four queues with live counts (moderation-admin.md §2 Moderation hub). */
export function ModerationHub() {
  return (
    <section className={styles.hub}>
      <h2 className={styles.title}>Что ждёт проверки</h2>
      <p className={styles.lead}>Счётчики обновляются автоматически</p>
      <QueueCards />
    </section>
  );
}
