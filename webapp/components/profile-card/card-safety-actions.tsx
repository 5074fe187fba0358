import { useState } from 'react';
import { ReportDialog } from '../report-dialog/report-dialog';
import { Button } from '../ui/button';
import { Icon } from '../ui/icon';
import styles from './card-safety-actions.module.css';
import { confirmBlock } from './confirm-block';

/** 'Пожаловаться' and 'Заблокировать' on someone else's card, wherever it is shown (peer profile, explore, likes). */
export function CardSafetyActions({ userId, onBlocked }: { userId: string; onBlocked: () => void }) {
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
      <ReportDialog open={reporting} onClose={() => setReporting(false)} reportedUserId={userId} />
    </div>
  );
}
