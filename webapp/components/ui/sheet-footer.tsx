import { Button } from './button';

export interface SheetFooterProps {
  onCancel: () => void;
  onConfirm: () => void;
  /** The confirming button's text; 'Сохранить' by default. */
  confirmText?: string;
  /** While true the confirming button is disabled and reads `busyText`. */
  busy?: boolean;
  busyText?: string;
  disabled?: boolean;
  /** A red confirming button, for bans, deletions and reports. */
  destructive?: boolean;
}

/** 'Отмена' and the confirming button under a bottom sheet (the sheet's footer). */
export function SheetFooter({
  onCancel,
  onConfirm,
  confirmText = 'Сохранить',
  busy = false,
  busyText = 'Сохранение…',
  disabled = false,
  destructive = false,
}: SheetFooterProps) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        Отмена
      </Button>
      <Button variant={destructive ? 'destructive' : 'primary'} onClick={onConfirm} disabled={busy || disabled}>
        {busy ? busyText : confirmText}
      </Button>
    </>
  );
}
