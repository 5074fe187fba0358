import { createPortal } from 'react-dom';
import { Button } from './button';
import styles from './overlay.module.css';
import { useEscapeKey } from './use-escape-key';
import { usePresence } from './use-presence';
import { useOverlayBackButton } from '../../lib/telegram/use-overlay-back-button';

export interface ConfirmOptions {
  title: string;
  message?: string;
  confirmText?: string;
  cancelText?: string;
  /** Red confirm button for irreversible actions (deletion, bans). */
  destructive?: boolean;
}

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmText = 'Подтвердить',
  cancelText = 'Отмена',
  destructive = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { mounted, closing } = usePresence(open, 160);
  useEscapeKey(open, onCancel);
  useOverlayBackButton(open, onCancel);
  if (!mounted) return null;
  return createPortal(
    <div className={`${styles.layer} ${styles.center} ${closing ? styles.closing : ''}`}>
      <div className={styles.backdrop} onClick={onCancel} />
      <div className={styles.dialog} role="alertdialog" aria-modal="true" aria-labelledby="confirm-title">
        <h2 id="confirm-title" className={styles.dialogTitle}>
          {title}
        </h2>
        {message && <p className={styles.dialogMessage}>{message}</p>}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onCancel}>
            {cancelText}
          </Button>
          <Button variant={destructive ? 'destructive' : 'primary'} onClick={onConfirm} autoFocus>
            {confirmText}
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
