import { useState } from 'react';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import form from '../../../components/ui/form-controls.module.css';
import { SheetFooter } from '../../../components/ui/sheet-footer';
import { checkField, TEXT_FIELDS, type TextFieldKey } from '../lib/edit-fields';
import { useClosingGuard } from '../../../lib/telegram/use-closing-guard';
import { saveProfileEdit } from '../lib/save-profile-edit';
import styles from './edit-sheet.module.css';

export interface TextFieldSheetProps {
  field: TextFieldKey | null;
  initial: string | number | null;
  onClose: () => void;
  onSaved: () => void;
}

/** One text or number field in a sheet, checked with the edit schema's own messages before Save sends it. */
export function TextFieldSheet({ field, initial, onClose, onSaved }: TextFieldSheetProps) {
  // The last field stays on screen while the sheet slides away.
  const [shown, setShown] = useState(field);
  if (field && field !== shown) setShown(field);
  const showing = field ?? shown;
  const spec = showing ? TEXT_FIELDS[showing] : null;
  const [value, setValue] = useState(field && initial !== null ? String(initial) : '');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  // A field opened (or its stored value changed) starts from the stored value, adjusted while rendering.
  const [synced, setSynced] = useState({ field, initial });
  if (synced.field !== field || synced.initial !== initial) {
    setSynced({ field, initial });
    if (field) {
      setValue(initial === null ? '' : String(initial));
      setTouched(false);
    }
  }

  // Telegram asks before closing while a typed change is not yet sent for review.
  useClosingGuard(field !== null && value !== (initial === null ? '' : String(initial)));
  const check = field ? checkField(field, value) : null;
  const error = touched && check && !check.ok ? check.message : null;
  const save = async () => {
    setTouched(true);
    if (!field || !check?.ok) return;
    setSaving(true);
    const ok = await saveProfileEdit({ [field]: check.value });
    setSaving(false);
    if (ok) onSaved();
  };

  const inputProps = {
    id: 'edit-field',
    value,
    placeholder: spec?.placeholder,
    'aria-invalid': error !== null,
    'aria-describedby': 'edit-field-meta',
    onChange: (event: { target: { value: string } }) => {
      setValue(spec?.maxLength ? event.target.value.slice(0, spec.maxLength) : event.target.value);
      setTouched(true);
    },
  };
  return (
    <BottomSheet
      open={field !== null}
      onClose={onClose}
      title={spec?.title}
      footer={<SheetFooter onCancel={onClose} onConfirm={() => void save()} busy={saving} />}
    >
      {spec && (
        <div className={form.field}>
          {spec.kind === 'textarea' ? (
            <textarea
              className={`${form.input} ${form.textarea} ${styles.bio} ${error ? form.invalid : ''}`}
              {...inputProps}
              aria-label={spec.title}
            />
          ) : (
            <input
              className={`${form.input} ${error ? form.invalid : ''}`}
              {...inputProps}
              aria-label={spec.title}
              inputMode={spec.kind === 'number' ? 'numeric' : 'text'}
              autoComplete="off"
            />
          )}
          <div className={styles.meta} id="edit-field-meta">
            {error ? (
              <span className={form.error} role="alert">
                {error}
              </span>
            ) : (
              spec.hint && <span className={form.hint}>{spec.hint}</span>
            )}
            {spec.kind === 'textarea' && spec.maxLength && (
              <span className={styles.counter}>
                {value.length}/{spec.maxLength}
              </span>
            )}
          </div>
          {spec.kind === 'number' && value !== '' && (
            <button type="button" className={styles.clear} onClick={() => setValue('')}>
              Не указывать
            </button>
          )}
        </div>
      )}
    </BottomSheet>
  );
}
