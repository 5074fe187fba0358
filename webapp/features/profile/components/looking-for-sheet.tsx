import { useState } from 'react';
import { LOOKING_FOR, type LookingFor } from '../../../../contracts/profile-fields';
import { LOOKING_FOR_LABELS } from '../../../components/profile-card/profile-labels';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import form from '../../../components/ui/form-controls.module.css';
import { SheetFooter } from '../../../components/ui/sheet-footer';
import { saveProfileEdit } from '../lib/save-profile-edit';
import styles from './edit-sheet.module.css';

const known = (values: readonly string[]) => LOOKING_FOR.filter((v) => values.includes(v));

/** 'Что ищу' on the card: one or more of the three goals (end-user.md §5), sent to moderation like the other fields. */
export function LookingForSheet({
  open,
  current,
  onClose,
  onSaved,
}: {
  open: boolean;
  current: readonly string[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [choice, setChoice] = useState<LookingFor[]>(() => known(current));
  const [saving, setSaving] = useState(false);
  // Opening the sheet starts from the stored value, adjusted while rendering.
  const [synced, setSynced] = useState({ open, current });
  if (synced.open !== open || synced.current !== current) {
    setSynced({ open, current });
    if (open) setChoice(known(current));
  }
  const toggle = (value: LookingFor) => setChoice((c) => (c.includes(value) ? c.filter((v) => v !== value) : known([...c, value])));
  const save = async () => {
    setSaving(true);
    const ok = await saveProfileEdit({ lookingFor: choice });
    setSaving(false);
    if (ok) onSaved();
  };
  return (
    <BottomSheet
      open={open}
      onClose={onClose}
      title="Что ищу"
      footer={<SheetFooter onCancel={onClose} onConfirm={() => void save()} busy={saving} disabled={choice.length === 0} />}
    >
      <fieldset className={form.choices} aria-label="Что ищу">
        {LOOKING_FOR.map((value) => (
          <label key={value} className={`${form.choice} ${styles.choice}`}>
            <input type="checkbox" value={value} checked={choice.includes(value)} onChange={() => toggle(value)} />
            {LOOKING_FOR_LABELS[value]}
          </label>
        ))}
      </fieldset>
      {choice.length === 0 && <p className={form.hint}>Выберите хотя бы один вариант</p>}
    </BottomSheet>
  );
}
