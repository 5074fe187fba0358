import type { HistoryItem } from '../../../../contracts/likes';
import styles from './history-list.module.css';
import { HistoryRow } from './history-row';

/** The rows of the current tab; relative times are counted from one `now` per render. */
export function HistoryList({ items, busy }: { items: HistoryItem[]; busy: boolean }) {
  const now = new Date();
  return (
    <ul className={styles.list} aria-busy={busy}>
      {items.map((item) => (
        <HistoryRow key={item.id} item={item} now={now} />
      ))}
    </ul>
  );
}
