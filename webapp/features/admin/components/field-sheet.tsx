import { useId, useState } from 'react';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import form from '../../../components/ui/form-controls.module.css';
import { SheetFooter } from '../../../components/ui/sheet-footer';
import visuallyHidden from '../../../components/ui/visually-hidden.module.css';
import type { FieldCheck, FieldSpec } from '../lib/field-spec';
import styles from './sheet.module.css';

export interface FieldSheetProps {
  /** The field being edited, or null when closed. */
  spec: FieldSpec | null;
  initial: string;
  check(raw: string): FieldCheck;
  /** Resolves true when saved (the sheet closes), false when the save failed (it stays open). */
  onSave(value: unknown): Promise<boolean>;
  onClose(): void;
}

/** One field in a bottom sheet: a textarea or a single-line editor, the schema's message under it, 'Отмена' and 'Сохранить'. */
export function FieldSheet({ spec, initial, check, onSave, onClose }: FieldSheetProps) {
  // The last field stays on screen while the sheet slides away.
  const [shown, setShown] = useState(spec);
  if (spec && spec !== shown) setShown(spec);
  const current = spec ?? shown;
  const [value, setValue] = useState(spec ? initial : '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();
  // A field opened (or its stored value changed) starts from the stored value, adjusted while rendering.
  const [synced, setSynced] = useState({ spec, initial });
  if (synced.spec !== spec || synced.initial !== initial) {
    setSynced({ spec, initial });
    if (spec) {
      setValue(initial);
      setError(null);
    }
  }

  const save = async () => {
    const result = check(value);
    if (!result.ok) return setError(result.message);
    setSaving(true);
    const saved = await onSave(result.value);
    setSaving(false);
    if (saved) onClose();
  };
  const change = (next: string) => {
    setValue(next);
    setError(null);
  };
  const common = {
    id,
    value,
    placeholder: current?.placeholder,
    'aria-invalid': error !== null,
    'aria-describedby': `${id}-meta`,
    onChange: (e: { target: { value: string } }) => change(e.target.value),
  };
  const invalid = error ? form.invalid : '';
  return (
    <BottomSheet
      open={spec !== null}
      onClose={onClose}
      title={current?.title}
      footer={<SheetFooter onCancel={onClose} onConfirm={() => void save()} busy={saving} />}
    >
      {current && (
        <div className={form.field}>
          <label htmlFor={id} className={visuallyHidden.hidden}>
            {current.title}
          </label>
          {current.kind === 'textarea' ? (
            <textarea
              {...common}
              className={`${form.input} ${form.textarea} ${styles.textarea} ${invalid}`}
              rows={current.key === 'photos' ? 5 : 7}
            />
          ) : current.kind === 'select' ? (
            <select {...common} className={`${form.input} ${invalid}`}>
              {!current.options?.some((o) => o.value === value) && <option value={value}>{value || '—'}</option>}
              {current.options?.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              {...common}
              className={`${form.input} ${invalid}`}
              type={current.kind === 'date' ? 'date' : 'text'}
              inputMode={current.kind === 'number' ? 'numeric' : undefined}
              autoComplete="off"
            />
          )}
          <p id={`${id}-meta`} className={`${styles.note} ${error ? form.error : form.hint}`} role={error ? 'alert' : undefined}>
            {error ?? current.hint ?? '\u00a0'}
          </p>
        </div>
      )}
    </BottomSheet>
  );
}
