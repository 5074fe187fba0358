import { useState } from 'react';
import {
  BLOCK_BY_DEFAULT_REASONS,
  REPORT_DESCRIPTION_MAX,
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  USER_REPORT_REASONS,
  type UserReportReason,
} from '../../../contracts/reports';
import { PRIVACY_MESSAGES } from '../../../contracts/privacy';
import { BottomSheet } from '../ui/bottom-sheet';
import form from '../ui/form-controls.module.css';
import { SheetFooter } from '../ui/sheet-footer';
import { showToast } from '../ui/toast-store';
import { haptics } from '../../lib/telegram/haptics';
import { sendReport } from './send-report';
import styles from './report-dialog.module.css';
import { errorDetail } from '../../lib/api/error-text';

export interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  reportedUserId: string;
  /** Set when a chat message is reported (AMENDMENTS §1.5). */
  messageId?: string;
  /** After the report is filed; `blocked` when 'Также заблокировать' put the person on the blacklist too. */
  onReported?: (outcome: { blocked: boolean }) => void;
}

const ALSO_BLOCK_LABEL = 'Также заблокировать';

/** The report sheet shared by the peer profile and the chat (end-user.md §5 Report): one of eight reasons, an optional note up to 500 characters. */
export function ReportDialog({ open, onClose, reportedUserId, messageId, onReported }: ReportDialogProps) {
  const [reason, setReason] = useState<UserReportReason | null>(null);
  const [description, setDescription] = useState('');
  const [sending, setSending] = useState(false);
  // Follows the reason (ticked for the serious ones) until the user sets it themselves.
  const [alsoBlock, setAlsoBlock] = useState<boolean | null>(null);
  const blocking = alsoBlock ?? (reason !== null && BLOCK_BY_DEFAULT_REASONS.includes(reason));

  // Each opening starts empty, adjusted while rendering.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) {
      setReason(null);
      setDescription('');
      setAlsoBlock(null);
    }
  }

  const send = async () => {
    if (!reason || sending) return;
    setSending(true);
    try {
      const note = description.trim();
      const { blocked } = await sendReport({
        reportedUserId,
        reason,
        ...(note ? { description: note } : {}),
        ...(messageId ? { messageId } : {}),
        ...(blocking ? { alsoBlock: true } : {}),
      });
      haptics.notify('success');
      showToast({ text: REPORT_MESSAGES.sent, tone: 'success', description: blocked ? PRIVACY_MESSAGES.blocked : undefined });
      onClose();
      onReported?.({ blocked });
    } catch (err) {
      haptics.notify('error');
      showToast({ text: REPORT_MESSAGES.failed, tone: 'error', description: errorDetail(err), durationMs: 4000 });
    } finally {
      setSending(false);
    }
  };

  const footer = (
    <SheetFooter
      onCancel={onClose}
      onConfirm={() => void send()}
      confirmText="Отправить"
      mainText="Отправить жалобу"
      busy={sending}
      busyText="Отправка…"
      disabled={!reason}
      destructive
    />
  );
  return (
    <BottomSheet open={open} onClose={onClose} title={messageId ? 'Пожаловаться на сообщение' : 'Пожаловаться'} footer={footer}>
      <p className={styles.intro}>Жалобу рассмотрит модератор. Пользователь не узнает, кто её отправил.</p>
      <fieldset className={form.choices}>
        <legend className={`${form.label} ${styles.label}`}>Причина</legend>
        {USER_REPORT_REASONS.map((value) => (
          <label key={value} className={`${form.choice} ${styles.reason}`}>
            <input type="radio" name="report-reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
            {REPORT_REASON_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <label className={`${form.choice} ${styles.alsoBlock}`}>
        <input type="checkbox" checked={blocking} onChange={(event) => setAlsoBlock(event.target.checked)} />
        {ALSO_BLOCK_LABEL}
      </label>
      <label className={`${form.label} ${styles.label} ${styles.detailsLabel}`} htmlFor="report-description">
        Подробности (необязательно)
      </label>
      <textarea
        id="report-description"
        className={`${form.input} ${styles.textarea}`}
        value={description}
        maxLength={REPORT_DESCRIPTION_MAX}
        placeholder="Что случилось?"
        onChange={(event) => setDescription(event.target.value.slice(0, REPORT_DESCRIPTION_MAX))}
      />
      <p className={styles.counter}>
        {description.length}/{REPORT_DESCRIPTION_MAX}
      </p>
    </BottomSheet>
  );
}
