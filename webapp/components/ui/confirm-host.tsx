import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import type { ConfirmOptions } from './confirm-dialog';
import { settleConfirm, useConfirmQueue } from './confirm-store';

/** Renders the dialog behind confirmAction(); mounted once by the frame. */
export function ConfirmHost() {
  const pending = useConfirmQueue((s) => s.pending);
  // Keep the last texts while the dialog animates out.
  const [last, setLast] = useState<ConfirmOptions>({ title: '' });
  if (pending && pending !== last) setLast(pending);
  return (
    <ConfirmDialog
      open={pending !== null}
      {...(pending ?? last)}
      onConfirm={() => settleConfirm(true)}
      onCancel={() => settleConfirm(false)}
    />
  );
}
