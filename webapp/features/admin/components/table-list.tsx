import type { DbOverview } from '../../../../contracts/admin';
import styles from './db.module.css';

/** The browsable tables with their row counts; the chosen one is marked current. */
export function TableList({
  tables,
  current,
  onChoose,
}: {
  tables: DbOverview['overview'];
  current: string;
  onChoose(model: string): void;
}) {
  return (
    <ul className={styles.tables} aria-label="Таблицы">
      {tables.map(({ model, count }) => (
        <li key={model}>
          <button
            type="button"
            className={`${styles.table} ${model === current ? styles.tableCurrent : ''}`}
            aria-current={model === current ? 'true' : undefined}
            onClick={() => onChoose(model)}
          >
            <span className={styles.tableName}>{model}</span>
            <span className={styles.tableCount}>{count.toLocaleString('ru-RU')}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
