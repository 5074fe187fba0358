import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { PagedQueue } from '../hooks/use-paged-queue';
import styles from './review.module.css';

/** Under a list: the spinner, the error with a retry, the empty text, or 'Загрузить ещё'. */
export function QueueFooter({ queue, empty, error }: { queue: PagedQueue<{ id: number }>; empty: string; error: string }) {
  if (queue.loading) return <Spinner />;
  if (queue.error) {
    return (
      <div className={styles.notice} role="alert">
        <p>{error}</p>
        <Button variant="secondary" onClick={queue.entries.length ? queue.loadMore : queue.reload}>
          Повторить
        </Button>
      </div>
    );
  }
  if (queue.entries.length === 0) return <p className={styles.notice}>{empty}</p>;
  if (!queue.hasMore) return null;
  return (
    <Button variant="secondary" wide onClick={queue.loadMore}>
      Загрузить ещё
    </Button>
  );
}
