import { useState } from 'react';
import type { DbColumn } from '../../../../contracts/admin';
import type { DbRow } from '../api/db-api';
import { cellText } from '../lib/coerce-cell';
import { CellEditor } from './cell-editor';
import styles from './db-grid.module.css';

export interface DbGridProps {
  columns: readonly DbColumn[];
  rows: readonly DbRow[];
  /** Cells being saved, as `${rowIndex}:${column}`. */
  saving: ReadonlySet<string>;
  onSave(rowIndex: number, column: DbColumn, value: unknown): void;
}

/** Read-only columns with a reason (moderation decisions, Telegram's fields, users' messages): one note per reason. */
function LockedNote({ columns }: { columns: readonly DbColumn[] }) {
  const byHint = new Map<string, string[]>();
  for (const c of columns) if (c.readOnlyHint) byHint.set(c.readOnlyHint, [...(byHint.get(c.readOnlyHint) ?? []), c.name]);
  return [...byHint].map(([hint, names]) => (
    <p key={hint} className={styles.lockedNote} role="note">
      🔒 {names.join(', ')}: {hint}
    </p>
  ));
}

/** The rows of one page; a click on an editable cell opens its editor in place. The grid scrolls sideways on phones. */
export function DbGrid({ columns, rows, saving, onSave }: DbGridProps) {
  const [editing, setEditing] = useState<{ row: number; column: string } | null>(null);
  return (
    <>
      <LockedNote columns={columns} />
      <div className={styles.gridScroll} tabIndex={0} aria-label="Записи">
        <table className={styles.grid}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.name} scope="col" title={c.readOnlyHint ?? `${c.type}${c.nullable ? ', может быть пустым' : ''}`}>
                  {c.name}
                  {c.primary && <span className={styles.pk}>PK</span>}
                  {c.readOnlyHint && (
                    <span className={styles.pk} aria-label="только для чтения">
                      🔒
                    </span>
                  )}
                  <span className={styles.colType}>{c.type}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                {columns.map((c) => {
                  const key = `${index}:${c.name}`;
                  const isEditing = editing?.row === index && editing.column === c.name;
                  const text = cellText(c, row[c.name]);
                  return (
                    <td
                      key={c.name}
                      data-column={c.name}
                      className={`${saving.has(key) ? styles.saving : ''} ${c.editable ? styles.editable : ''}`}
                    >
                      {isEditing ? (
                        <CellEditor
                          column={c}
                          value={row[c.name]}
                          onCancel={() => setEditing(null)}
                          onSave={(value) => {
                            setEditing(null);
                            onSave(index, c, value);
                          }}
                        />
                      ) : c.editable ? (
                        <button
                          type="button"
                          className={styles.cell}
                          title={text}
                          onClick={() => setEditing({ row: index, column: c.name })}
                        >
                          {text}
                        </button>
                      ) : (
                        <span className={styles.cell} title={c.readOnlyHint ?? text}>
                          {text}
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
