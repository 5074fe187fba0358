import { useEffect, useState } from 'react';
import type { Orientation } from '../../../../api/contracts/profile-fields';
import { ORIENTATION_LABELS } from '../../../components/profile-card/profile-labels';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { genderOptions } from '../lib/gender-options';
import { saveProfileEdit } from '../lib/save-profile-edit';
import styles from './edit-sheet.module.css';
import { SheetFooter } from './sheet-footer';

/** The orientation chooser with the options the current orientation allows. */
export function GenderSheet({ open, current, onClose, onSaved }: { open: boolean; current: Orientation | null; onClose: () => void; onSaved: () => void }) {
  const [choice, setChoice] = useState<Orientation | null>(current);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) setChoice(current);
  }, [open, current]);
  const save = async () => {
    if (!choice) return;
    setSaving(true);
    const ok = await saveProfileEdit({ gender: choice });
    setSaving(false);
    if (ok) onSaved();
  };
  return (
    <BottomSheet open={open} onClose={onClose} title="Ориентация" footer={<SheetFooter onCancel={onClose} onSave={() => void save()} saving={saving} disabled={!choice} />}>
      <fieldset className={styles.choices} aria-label="Ориентация">
        {genderOptions(current).map((value) => (
          <label key={value} className={styles.choice}>
            <input type="radio" name="gender" value={value} checked={choice === value} onChange={() => setChoice(value)} />
            {ORIENTATION_LABELS[value]}
          </label>
        ))}
      </fieldset>
    </BottomSheet>
  );
}
