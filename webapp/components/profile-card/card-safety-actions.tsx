import { useState } from 'react';
import { ReportDialog } from '../report-dialog/report-dialog';
import { Button } from '../ui/button';
import { Icon } from '../ui/icon';
import styles from './card-safety-actions.module.css';
import { confirmBlock } from './confirm-block';

interface CardSafetyActionsProps {
  userId: string;
  onBlocked: () => void;
  /** A report filed without a block: explore and /likes let the card go as after a dislike. */
  onReported?: () => void;
}

/** 'Пожаловаться' and 'Заблокировать' on someone else's card, wherever it is shown (peer profile, explore, likes). */
export function CardSafetyActions({ userId, onBlocked, onReported }: CardSafetyActionsProps) {
  const [reporting, setReporting] = useState(false);
  return (
    <div className={styles.safety}>
      <Button variant="secondary" onClick={() => setReporting(true)}>
        <Icon name="flag" size={18} />
        Пожаловаться
      </Button>
      <Button variant="destructive" onClick={() => void confirmBlock(userId).then((blocked) => blocked && onBlocked())}>
        <Icon name="ban" size={18} />
        Заблокировать
      </Button>
      <ReportDialog
        open={reporting}
        onClose={() => setReporting(false)}
        reportedUserId={userId}
        onReported={({ blocked }) => (blocked ? onBlocked() : onReported?.())}
      />
    </div>
  );
}
