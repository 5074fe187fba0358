import { useMainButton } from '../../lib/telegram/use-main-button';
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
  /** The text on Telegram's MainButton, when it should say more than the in-page button ('Отправить жалобу'). */
  mainText?: string;
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
  mainText = confirmText,
}: SheetFooterProps) {
  // Inside Telegram the confirming action is the MainButton; the in-page one stays in a plain browser.
  const native = useMainButton({ text: mainText, onClick: onConfirm, enabled: !disabled, progress: busy });
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        Отмена
      </Button>
      {!native && (
        <Button variant={destructive ? 'destructive' : 'primary'} onClick={onConfirm} disabled={busy || disabled}>
          {busy ? busyText : confirmText}
        </Button>
      )}
    </>
  );
}
