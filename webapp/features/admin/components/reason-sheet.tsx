import { useEffect, useId, useState } from 'react';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { Button } from '../../../components/ui/button';
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
  const footer = (
    <>
      <Button variant="secondary" onClick={onCancel}>
        Отмена
      </Button>
      <Button variant="destructive" onClick={() => onConfirm(reason.trim() || null)}>
        {confirmText}
      </Button>
    </>
  );
  return (
    <BottomSheet open={open} onClose={onCancel} title={title} footer={footer}>
      <p className={styles.sheetText}>{text}</p>
      <label htmlFor={id} className={styles.fieldLabel}>
        Причина (необязательно)
      </label>
      <textarea id={id} className={`${styles.input} ${styles.textarea}`} rows={3} value={reason} maxLength={REASON_MAX} placeholder="Укажите причину" onChange={(e) => setReason(e.target.value)} />
      <p className={styles.hint}>
        {reason.trim().length} / {REASON_MAX}
      </p>
    </BottomSheet>
  );
}
