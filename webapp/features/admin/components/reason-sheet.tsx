import { useEffect, useId, useState } from 'react';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import form from '../../../components/ui/form-controls.module.css';
import { SheetFooter } from '../../../components/ui/sheet-footer';
import styles from './sheet.module.css';

const REASON_MAX = 500;

export interface ReasonSheetProps {
  open: boolean;
  title: string;
  text: string;
  confirmText: string;
  onCancel(): void;
  /** The trimmed reason, or null when none was given (it is optional). */
  onConfirm(reason: string | null): void;
}

/** An optional reason (placeholder 'Укажите причину') for a ban or a deletion; confirmation is asked next. */
export function ReasonSheet({ open, title, text, confirmText, onCancel, onConfirm }: ReasonSheetProps) {
  const [reason, setReason] = useState('');
  const id = useId();
  useEffect(() => {
    if (open) setReason('');
  }, [open]);
  const footer = <SheetFooter onCancel={onCancel} onConfirm={() => onConfirm(reason.trim() || null)} confirmText={confirmText} destructive />;
  return (
    <BottomSheet open={open} onClose={onCancel} title={title} footer={footer}>
      <p className={styles.sheetText}>{text}</p>
      <label htmlFor={id} className={form.label}>
        Причина (необязательно)
      </label>
      <textarea id={id} className={`${form.input} ${form.textarea} ${styles.textarea}`} rows={3} value={reason} maxLength={REASON_MAX} placeholder="Укажите причину" onChange={(e) => setReason(e.target.value)} />
      <p className={`${styles.note} ${form.hint}`}>
        {reason.trim().length} / {REASON_MAX}
      </p>
    </BottomSheet>
  );
}
