import { create } from 'zustand';
import { confirmNatively, hasNativePopups } from '../../lib/telegram/native-confirm';
import type { ConfirmOptions } from './confirm-dialog';

interface Pending extends ConfirmOptions {
  resolve: (ok: boolean) => void;
}

export const useConfirmQueue = create<{ pending: Pending | null }>()(() => ({ pending: null }));

/**
 * Asks the user to confirm; resolves true on confirm, false on cancel. A destructive action asks with Telegram's
 * native pop-up when the client has one, else with the app's dialog. Asking again answers the earlier one false.
 */
export function confirmAction(options: ConfirmOptions): Promise<boolean> {
  if (options.destructive && hasNativePopups()) return confirmNatively(toNative(options)).then((ok) => ok ?? askInApp(options));
  return askInApp(options);
}

const toNative = ({ title, message, confirmText = 'Подтвердить', cancelText = 'Отмена' }: ConfirmOptions) => ({
  title,
  message,
  confirmText,
  cancelText,
  destructive: true,
});

function askInApp(options: ConfirmOptions): Promise<boolean> {
  useConfirmQueue.getState().pending?.resolve(false);
  return new Promise((resolve) => useConfirmQueue.setState({ pending: { ...options, resolve } }));
}

export function settleConfirm(ok: boolean): void {
  const { pending } = useConfirmQueue.getState();
  if (!pending) return;
  useConfirmQueue.setState({ pending: null });
  pending.resolve(ok);
}
