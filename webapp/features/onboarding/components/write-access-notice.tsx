import { WRITE_ACCESS_TEXT } from '../../../../contracts/write-access';
import { Button } from '../../../components/ui/button';
import { StageNote } from './stage-note';
import styles from './under-review-screen.module.css';

export interface WriteAccessNoticeProps {
  /** Telegram can ask (inside a client); elsewhere the notice only says why no message will come. */
  canAsk: boolean;
  asking: boolean;
  onAllow: () => void;
}

/** Under review without write access: no message will come about the result, unless the user lets the bot write. */
export function WriteAccessNotice({ canAsk, asking, onAllow }: WriteAccessNoticeProps) {
  return (
    <section className={styles.writeAccess} aria-label="Сообщения от бота">
      <StageNote label="Сообщения от бота" text={WRITE_ACCESS_TEXT.missing} icon="note" compact />
      {canAsk && (
        <Button wide disabled={asking} onClick={onAllow}>
          {WRITE_ACCESS_TEXT.allow}
        </Button>
      )}
    </section>
  );
}
