import { Button } from '../../../components/ui/button';
import { ScreenTitle } from '../../../components/ui/screen-title';
import { Spinner } from '../../../components/ui/spinner';
import { useLikesHistory } from '../hooks/use-likes-history';
import { LIKES_TEXT } from '../lib/likes-text';
import { HistoryList } from './history-list';
import { HistoryStats } from './history-stats';
import { HISTORY_TABS, HistoryTabs } from './history-tabs';
import styles from './likes-history.module.css';

/** /likes-history: tabs with counts, statistics, rows, 'Загрузить ещё' and 'Удалить старые лайки' (end-user.md §2). */
export default function LikesHistoryScreen() {
  const { state, selectTab, loadMore, retry, clearOld } = useLikesHistory();
  const tab = HISTORY_TABS.find((t) => t.filter === state.filter);
  const firstLoad = state.loading && state.items.length === 0;
  return (
    <section className={styles.screen} aria-labelledby="history-title">
      <ScreenTitle id="history-title">История лайков</ScreenTitle>
      {state.counts && <HistoryStats counts={state.counts} />}
      <HistoryTabs active={state.filter} counts={state.counts} onSelect={selectTab} />
      {firstLoad && <Spinner label="Загрузка истории" />}
      {state.error && (
        <div className={styles.error} role="alert">
          <span>{state.error}</span>
          <Button variant="secondary" onClick={retry}>
            {LIKES_TEXT.retry}
          </Button>
        </div>
      )}
      {!state.loading && !state.error && state.items.length === 0 && <p className={styles.empty}>{tab?.empty}</p>}
      {state.items.length > 0 && <HistoryList items={state.items} busy={state.loading} />}
      {state.hasNext && (
        <Button variant="secondary" wide disabled={state.loading} onClick={loadMore} className={styles.more}>
          Загрузить ещё
        </Button>
      )}
      <Button variant="destructive" wide onClick={() => void clearOld()} className={styles.clear}>
        Удалить старые лайки
      </Button>
    </section>
  );
}
