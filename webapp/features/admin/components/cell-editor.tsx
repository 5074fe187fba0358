import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { DbColumn } from '../../../../contracts/admin';
import { coerceCell, editorText } from '../lib/coerce-cell';
import styles from './db-grid.module.css';

export interface CellEditorProps {
  column: DbColumn;
  value: unknown;
  /** The coerced value; called once, and only when it differs from what was there. */
  onSave(value: unknown): void;
  onCancel(): void;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The inline editor of a grid cell, by column type: Enter saves, Escape cancels, leaving the cell saves. */
export function CellEditor({ column, value, onSave, onCancel }: CellEditorProps) {
  const initial = column.type === 'boolean' ? Boolean(value) : editorText(column, value);
  const [draft, setDraft] = useState<string | boolean>(initial);
  const [error, setError] = useState<string | null>(null);
  const done = useRef(false);
  const field = useRef<Field>(null);
  useEffect(() => field.current?.focus(), []);

  const commit = () => {
    if (done.current) return;
    if (draft === initial) return finish(onCancel);
    const checked = coerceCell(column, draft);
    if (!checked.ok) return setError(checked.message);
    finish(() => onSave(checked.value));
  };
  const finish = (then: () => void) => {
    done.current = true;
    then();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      if (!done.current) finish(onCancel);
    } else if (event.key === 'Enter' && !(column.type === 'json' && event.shiftKey)) {
      event.preventDefault();
      commit();
    }
  };
  const common = {
    ref: field as never,
    onKeyDown,
    onBlur: commit,
    'aria-label': column.name,
    'aria-invalid': error !== null,
    className: `${styles.editor} ${error ? styles.editorInvalid : ''}`,
  };
  const text = (event: { target: { value: string } }) => {
    setDraft(event.target.value);
    setError(null);
  };

  return (
    <span className={styles.editorWrap}>
      {column.type === 'boolean' ? (
        <input type="checkbox" {...common} className={styles.check} checked={draft === true} onChange={(e) => setDraft(e.target.checked)} />
      ) : column.type === 'json' ? (
        <textarea {...common} rows={4} value={String(draft)} onChange={text} />
      ) : column.type === 'enum' ? (
        <select {...common} value={String(draft)} onChange={text}>
          {column.nullable && <option value="">—</option>}
          {(column.enumValues ?? []).map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={inputType(column)}
          step={column.type === 'number' ? 'any' : undefined}
          value={String(draft)}
          onChange={text}
        />
      )}
      {error && (
        <span className={styles.editorError} role="alert">
          {error}
        </span>
      )}
    </span>
  );
}

function inputType(column: DbColumn): string {
  if (column.type === 'number') return 'number';
  if (column.type === 'datetime') return 'datetime-local';
  if (column.type === 'date') return 'date';
  return 'text';
}
