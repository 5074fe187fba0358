import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ADMIN_MESSAGES } from '../../../../contracts/admin';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { ErrorState } from '../../../components/ui/error-state';
import heading from '../../../components/ui/heading.module.css';
import { Icon } from '../../../components/ui/icon';
import { ScreenTitle } from '../../../components/ui/screen-title';
import { Spinner } from '../../../components/ui/spinner';
import { useCellSave } from '../hooks/use-cell-save';
import { useDbOverview } from '../hooks/use-db-overview';
import { useDbTable } from '../hooks/use-db-table';
import { DbGrid } from './db-grid';
import { DbPager } from './db-pager';
import styles from './db.module.css';
import { TableList } from './table-list';

const DEFAULT_MODEL = 'Profile';

/** /admin/db: the tables with their row counts beside (or, on a phone, behind a toggle) a grid of 25 editable rows. */
export default function DbScreen() {
  const [params, setParams] = useSearchParams();
  const model = params.get('model') || DEFAULT_MODEL;
  const pageNo = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const overview = useDbOverview();
  const table = useDbTable(model, pageNo);
  const { saving, save } = useCellSave(model, table);
  const [drawer, setDrawer] = useState(false);
  const go = (next: { model?: string; page?: number }) => setParams({ model: next.model ?? model, page: String(next.page ?? 1) });
  const choose = (next: string) => {
    setDrawer(false);
    go({ model: next });
  };
  const count = overview.tables?.find((t) => t.model === model)?.count;

  const tables = overview.failed ? (
    <ErrorState message={ADMIN_MESSAGES.tablesFailed} onRetry={overview.reload} />
  ) : overview.tables ? (
    <TableList tables={overview.tables} current={model} onChoose={choose} />
  ) : (
    <Spinner />
  );

  return (
    <section className={styles.screen} aria-labelledby="db-title">
      <ScreenTitle id="db-title">База данных</ScreenTitle>
      <aside className={styles.side}>{tables}</aside>
      <div className={styles.main}>
        <div className={styles.head}>
          <h3 className={heading.heading}>
            {model}
            {count !== undefined && <span className={styles.titleCount}>{count.toLocaleString('ru-RU')}</span>}
          </h3>
          <button type="button" className={styles.toggle} aria-expanded={drawer} onClick={() => setDrawer(true)}>
            <Icon name="database" size={18} />
            Таблицы
          </button>
        </div>
        {table.error !== null ? (
          <ErrorState message={ADMIN_MESSAGES.requestFailed} detail={table.error} onRetry={table.reload} />
        ) : table.page ? (
          <div className={table.loading ? styles.stale : undefined}>
            <DbGrid
              key={`${model}:${pageNo}`}
              columns={table.page.schema.columns}
              rows={table.page.data}
              saving={saving}
              onSave={(row, column, value) => void save(row, column, value)}
            />
            <DbPager pagination={table.page.pagination} rows={table.page.data.length} onPage={(page) => go({ page })} />
          </div>
        ) : (
          <Spinner />
        )}
      </div>
      <BottomSheet open={drawer} onClose={() => setDrawer(false)} title="Таблицы">
        {tables}
      </BottomSheet>
    </section>
  );
}
