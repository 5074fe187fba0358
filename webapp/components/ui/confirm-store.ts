import { create } from 'zustand';
import type { ConfirmOptions } from './confirm-dialog';

interface Pending extends ConfirmOptions {
  resolve: (ok: boolean) => void;
}

export const useConfirmQueue = create<{ pending: Pending | null }>()(() => ({ pending: null }));

/** Asks the user to confirm; resolves true on confirm, false on cancel. Asking again answers the earlier one false. */
export function confirmAction(options: ConfirmOptions): Promise<boolean> {
  useConfirmQueue.getState().pending?.resolve(false);
  return new Promise((resolve) => useConfirmQueue.setState({ pending: { ...options, resolve } }));
}

export function settleConfirm(ok: boolean): void {
  const { pending } = useConfirmQueue.getState();
  if (!pending) return;
  useConfirmQueue.setState({ pending: null });
  pending.resolve(ok);
}
