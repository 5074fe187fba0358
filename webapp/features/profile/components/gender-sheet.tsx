import { useState } from 'react';
import type { Orientation, Sex } from '../../../../contracts/profile-fields';
import { ORIENTATION_LABELS } from '../../../components/profile-card/profile-labels';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import form from '../../../components/ui/form-controls.module.css';
import { SheetFooter } from '../../../components/ui/sheet-footer';
import { genderOptions } from '../lib/gender-options';
import { saveProfileEdit } from '../lib/save-profile-edit';
import styles from './edit-sheet.module.css';

/** The orientation chooser with the options the sex (or, without one, the current orientation) allows. */
export function GenderSheet({
  open,
  current,
  sex = null,
  onClose,
  onSaved,
}: {
  open: boolean;
  current: Orientation | null;
  sex?: Sex | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [choice, setChoice] = useState<Orientation | null>(current);
  const [saving, setSaving] = useState(false);
  // Opening the sheet starts from the stored value, adjusted while rendering.
  const [synced, setSynced] = useState({ open, current });
  if (synced.open !== open || synced.current !== current) {
    setSynced({ open, current });
    if (open) setChoice(current);
  }
  const save = async () => {
    if (!choice) return;
    setSaving(true);
    const ok = await saveProfileEdit({ gender: choice });
    setSaving(false);
    if (ok) onSaved();
  };
  return (
    <BottomSheet
      open={open}
      onClose={onClose}
      title="Ориентация"
      footer={<SheetFooter onCancel={onClose} onConfirm={() => void save()} busy={saving} disabled={!choice} />}
    >
      <fieldset className={form.choices} aria-label="Ориентация">
        {genderOptions(current, sex).map((value) => (
          <label key={value} className={`${form.choice} ${styles.choice}`}>
            <input type="radio" name="gender" value={value} checked={choice === value} onChange={() => setChoice(value)} />
            {ORIENTATION_LABELS[value]}
          </label>
        ))}
      </fieldset>
    </BottomSheet>
  );
}
