import { useRef } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import type { ConfirmOptions } from './confirm-dialog';
import { settleConfirm, useConfirmQueue } from './confirm-store';

/** Renders the dialog behind confirmAction(); mounted once by the frame. */
export function ConfirmHost() {
  const pending = useConfirmQueue((s) => s.pending);
  // Keep the last texts while the dialog animates out.
  const last = useRef<ConfirmOptions>({ title: '' });
  if (pending) last.current = pending;
  return (
    <ConfirmDialog open={pending !== null} {...last.current} onConfirm={() => settleConfirm(true)} onCancel={() => settleConfirm(false)} />
  );
}
