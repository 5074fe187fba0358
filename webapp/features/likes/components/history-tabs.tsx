import type { HistoryFilter } from '../../../../contracts/likes';
import type { HistoryCounts } from '../hooks/use-likes-history';
import styles from './history-tabs.module.css';

/** The four tabs of end-user.md §2 with the count each one holds. */
export const HISTORY_TABS: readonly { filter: HistoryFilter; label: string; count: (c: HistoryCounts) => number; empty: string }[] = [
  { filter: 'received-likes', label: 'Полученные', count: (c) => c.receivedLikesCount, empty: 'Нет полученных лайков' },
  { filter: 'my-likes', label: 'Мои лайки', count: (c) => c.myLikesCount, empty: 'Нет ваших лайков' },
  { filter: 'matched', label: 'Матчи', count: (c) => c.matchedCount, empty: 'Нет матчей' },
  { filter: 'unmatched', label: 'Без ответа', count: (c) => c.unmatchedCount, empty: 'Нет лайков без ответа' },
];

export function HistoryTabs({
  active,
  counts,
  onSelect,
}: {
  active: HistoryFilter;
  counts: HistoryCounts | null;
  onSelect: (filter: HistoryFilter) => void;
}) {
  return (
    <div className={styles.tabs} role="tablist" aria-label="Фильтр истории">
      {HISTORY_TABS.map((tab) => (
        <button
          key={tab.filter}
          type="button"
          role="tab"
          aria-selected={tab.filter === active}
          className={`${styles.tab} ${tab.filter === active ? styles.tabActive : ''}`}
          onClick={() => tab.filter !== active && onSelect(tab.filter)}
        >
          <span>{tab.label}</span>
          <span className={styles.tabCount}>{counts ? tab.count(counts) : '·'}</span>
        </button>
      ))}
    </div>
  );
}
