import { reasonInWords } from '../../../../contracts/discrepancy';
import { StageIcon, type StageIconName } from './stage-icon';
import styles from './stage-note.module.css';

export interface StageNoteProps {
  label: string;
  text: string;
  icon: StageIconName;
  tone?: 'warning' | 'success';
  compact?: boolean;
}

/** A note above a registration stage: the moderator's reason, or good news. */
export function StageNote({ label, text, icon, tone = 'warning', compact = false }: StageNoteProps) {
  return (
    <aside className={`${styles.note} ${styles[tone]} ${compact ? styles.compact : ''}`} aria-label={label}>
      <span className={styles.symbol}>
        <StageIcon name={icon} size={20} />
      </span>
      <div>
        <div className={styles.label}>{label}</div>
        <p className={styles.reason}>{text}</p>
      </div>
    </aside>
  );
}

/** The moderator's reason when a submission was sent back, the flagged fields as words ('Фото: …'). */
export const ModeratorNote = ({ reason, compact }: { reason: string; compact?: boolean }) => (
  <StageNote label="Комментарий модератора" text={reasonInWords(reason)} icon="note" compact={compact} />
);
