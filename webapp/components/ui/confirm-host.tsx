import { Suspense, useState } from 'react';
import { lazyScreen, screenLoader } from '../../lib/react/lazy-screen';
import type { ConfirmOptions } from './confirm-dialog';
import { settleConfirm, useConfirmQueue } from './confirm-store';

// The dialog's module loads with the first question, not at start-up (issue 39: start-up's JavaScript).
export const loadConfirmDialog = screenLoader(() => import('./confirm-dialog').then((module) => ({ default: module.ConfirmDialog })));
const ConfirmDialog = lazyScreen(loadConfirmDialog);

/** Renders the dialog behind confirmAction(); mounted once by the frame. */
export function ConfirmHost() {
  const pending = useConfirmQueue((s) => s.pending);
  // Keep the last texts while the dialog animates out.
  const [last, setLast] = useState<ConfirmOptions | null>(null);
  if (pending && pending !== last) setLast(pending);
  if (!pending && !last) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        open={pending !== null}
        {...(pending ?? last ?? { title: '' })}
        onConfirm={() => settleConfirm(true)}
        onCancel={() => settleConfirm(false)}
      />
    </Suspense>
  );
}
