import { useId, useState } from 'react';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import form from '../../../components/ui/form-controls.module.css';
import { SheetFooter } from '../../../components/ui/sheet-footer';
import { ReasonPresets } from '../../../components/ui/reason-presets';
import { charactersToGo } from '../../../lib/plural-ru';
import styles from './sheet.module.css';

const REASON_MAX = 500;

export interface ReasonSheetProps {
  open: boolean;
  title: string;
  text: string;
  confirmText: string;
  /** A required reason of at least this many characters (a ban: the one ban rule); optional when absent. */
  min?: number;
  /** Ready reasons, one tap fills the field (a ban: the bot's presets). */
  presets?: readonly string[];
  onCancel(): void;
  /** The trimmed reason, or null when none was given (only when it is optional). */
  onConfirm(reason: string | null): void;
}

/** A reason (optional for a deletion, required for a ban) to pick or type; confirmation is asked next. */
export function ReasonSheet({ open, title, text, confirmText, min = 0, presets = [], onCancel, onConfirm }: ReasonSheetProps) {
  const [reason, setReason] = useState('');
  const id = useId();
  // Each opening starts empty, adjusted while rendering.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) setReason('');
  }
  const length = reason.trim().length;
  const footer = (
    <SheetFooter
      onCancel={onCancel}
      onConfirm={() => onConfirm(reason.trim() || null)}
      confirmText={confirmText}
      disabled={length < min}
      destructive
    />
  );
  return (
    <BottomSheet open={open} onClose={onCancel} title={title} footer={footer}>
      <p className={styles.sheetText}>{text}</p>
      <ReasonPresets presets={presets} reason={reason} onPick={setReason} />
      <label htmlFor={id} className={form.label}>
        {min > 0 ? 'Причина' : 'Причина (необязательно)'}
      </label>
      <textarea
        id={id}
        className={`${form.input} ${form.textarea} ${styles.textarea}`}
        rows={3}
        value={reason}
        maxLength={REASON_MAX}
        placeholder={min > 0 ? `От ${min} до ${REASON_MAX} символов` : 'Укажите причину'}
        onChange={(e) => setReason(e.target.value)}
      />
      <p className={`${styles.note} ${form.hint}`}>{length < min ? charactersToGo(min - length) : `${length} / ${REASON_MAX}`}</p>
    </BottomSheet>
  );
}
