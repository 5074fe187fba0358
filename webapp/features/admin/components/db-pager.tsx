import { ADMIN_MESSAGES } from '../../../../contracts/admin';
import type { Pagination } from '../../../../contracts/moderation';
import { Button } from '../../../components/ui/button';
import { countText } from '../lib/format';
import styles from './db.module.css';

/** Previous / next under the grid; the last page says 'Больше данных нет'. */
export function DbPager({ pagination, rows, onPage }: { pagination: Pagination; rows: number; onPage(page: number): void }) {
  const { page, pages, total } = pagination;
  const last = page >= pages || rows < pagination.limit;
  return (
    <div className={styles.pager}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Предыдущая страница">
        ‹
      </Button>
      <span className={styles.pageInfo}>
        {last ? ADMIN_MESSAGES.noMoreData : `Стр. ${page} из ${pages}`}
        <span className={styles.pageTotal}>{countText(total, ['запись', 'записи', 'записей'])}</span>
      </span>
      <Button variant="secondary" disabled={last} onClick={() => onPage(page + 1)} aria-label="Следующая страница">
        ›
      </Button>
    </div>
  );
}
