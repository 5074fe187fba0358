import { useState } from 'react';
import { DISCREPANT_FIELDS, DISCREPANT_FIELD_LABELS, type DiscrepantField, type ModerationType } from '../../../../contracts/moderation';
import { DISCREPANT_PRESETS } from '../../../../contracts/discrepancy';
import { REASON_MAX, REASON_MIN, REJECT_PRESETS } from '../../../../contracts/moderation-reasons';
import styles from './dialogs.module.css';
import { ReasonDialog } from './reason-dialog';

export interface RejectChoice {
  reason: string;
  banUser: boolean;
}

/** Reject: a reason and, for a new profile, 'Заблокировать пользователя'. */
export function RejectDialog({
  open,
  type,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  type: ModerationType;
  onCancel(): void;
  onConfirm(choice: RejectChoice): void;
}) {
  const [ban, setBan] = useState(false);
  // Opening or closing starts over, adjusted while rendering.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    setBan(false);
  }
  return (
    <ReasonDialog
      open={open}
      title="Отклонить"
      confirmText="Отклонить"
      placeholder="Или своя причина — от 20 до 500 символов"
      min={REASON_MIN}
      max={REASON_MAX}
      presets={REJECT_PRESETS}
      destructive
      onCancel={onCancel}
      onConfirm={(reason) => onConfirm({ reason, banUser: type === 'INITIAL' && ban })}
    >
      {type === 'INITIAL' && (
        <label className={styles.check}>
          <input type="checkbox" checked={ban} onChange={(e) => setBan(e.target.checked)} />
          Заблокировать пользователя
        </label>
      )}
    </ReasonDialog>
  );
}

export interface DiscrepantChoice {
  reason: string;
  fields: DiscrepantField[];
}

/** Partial reject: which fields are wrong, and why (the server prefixes the reason with them). */
export function DiscrepantDialog({
  open,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  onCancel(): void;
  onConfirm(choice: DiscrepantChoice): void;
}) {
  const [fields, setFields] = useState<DiscrepantField[]>([]);
  // Opening or closing starts over, adjusted while rendering.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    setFields([]);
  }
  const toggle = (field: DiscrepantField) => setFields((now) => (now.includes(field) ? now.filter((f) => f !== field) : [...now, field]));
  // One tap per field: the ready sentence goes into the reason and the field is ticked.
  const presetGroups = DISCREPANT_FIELDS.map((field) => ({
    label: DISCREPANT_FIELD_LABELS[field],
    presets: DISCREPANT_PRESETS[field],
    onPick: () => setFields((now) => (now.includes(field) ? now : [...now, field])),
  }));
  return (
    <ReasonDialog
      open={open}
      title="Несоответствие"
      confirmText="Отправить"
      placeholder="Что исправить — от 20 до 500 символов"
      min={REASON_MIN}
      max={REASON_MAX}
      presetGroups={presetGroups}
      onCancel={onCancel}
      onConfirm={(reason) => onConfirm({ reason, fields: DISCREPANT_FIELDS.filter((f) => fields.includes(f)) })}
    >
      <fieldset className={styles.fields}>
        <legend className={styles.label}>Поля с проблемой</legend>
        {DISCREPANT_FIELDS.map((field) => (
          <label key={field} className={`${styles.chip} ${fields.includes(field) ? styles.chipOn : ''}`}>
            <input type="checkbox" checked={fields.includes(field)} onChange={() => toggle(field)} />
            {DISCREPANT_FIELD_LABELS[field]}
          </label>
        ))}
      </fieldset>
    </ReasonDialog>
  );
}
