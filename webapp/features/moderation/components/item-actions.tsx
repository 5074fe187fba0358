import { useState } from 'react';
import type { ItemStatusBody, ModerationItemView } from '../../../../contracts/moderation';
import { Button } from '../../../components/ui/button';
import { DiscrepantDialog, RejectDialog } from './item-dialogs';
import styles from './review.module.css';

export interface ItemActionsProps {
  item: ModerationItemView;
  busy: boolean;
  onDecide(body: ItemStatusBody): void;
  onSkip(): void;
}

/** Approve and skip act at once; reject and the partial reject ask for a reason first. Each sends the version shown. */
export function ItemActions({ item, busy, onDecide, onSkip }: ItemActionsProps) {
  const [dialog, setDialog] = useState<'reject' | 'discrepant' | null>(null);
  const partial = item.type !== 'PROFILE_EDIT' && item.type !== 'PHOTOS';
  const close = () => setDialog(null);
  return (
    <div className={styles.actions} role="toolbar" aria-label="Решение">
      <Button disabled={busy} onClick={() => onDecide({ itemId: item.id, version: item.version, status: 'APPROVED' })}>
        Одобрить
      </Button>
      <Button variant="destructive" disabled={busy} onClick={() => setDialog('reject')}>
        Отклонить
      </Button>
      {partial && (
        <Button variant="secondary" disabled={busy} onClick={() => setDialog('discrepant')}>
          Несоответствие
        </Button>
      )}
      <Button variant="plain" disabled={busy} onClick={onSkip}>
        Пропустить
      </Button>
      <RejectDialog
        open={dialog === 'reject'}
        type={item.type}
        onCancel={close}
        onConfirm={({ reason, banUser }) => (
          close(),
          onDecide({ itemId: item.id, version: item.version, status: 'REJECTED', reason, banUser })
        )}
      />
      <DiscrepantDialog
        open={dialog === 'discrepant'}
        onCancel={close}
        onConfirm={({ reason, fields }) => (
          close(),
          onDecide({ itemId: item.id, version: item.version, status: 'DISCREPANT', reason, fields })
        )}
      />
    </div>
  );
}
