import { useState } from 'react';
import { BAN_PRESETS, REASON_MAX, REASON_MIN } from '../../../../contracts/moderation-reasons';
import { REPORT_MODERATION_MESSAGES as M, type ReportActionBody, type ReportView } from '../../../../contracts/moderation-reports';
import { decisionLine, reportOutcome } from '../../../../contracts/moderation-outcome';
import { ProfileCard } from '../../../components/profile-card/profile-card';
import { Button } from '../../../components/ui/button';
import { formatTime } from '../lib/field-values';
import { ReasonDialog } from './reason-dialog';
import { ReportedMessages } from './reported-messages';
import reviewStyles from './review.module.css';
import styles from './reports.module.css';
import { UserLabel } from './user-label';

export interface ReportCardProps {
  report: ReportView;
  /** A report about the viewer: nobody decides their own case. */
  aboutMe?: boolean;
  busy: boolean;
  onAction(body: ReportActionBody): void;
  onSkip(): void;
}

/** A report screening filed after a user's third refused chat photo of the day (issue #27): nobody to name. */
const AUTOMATIC_FROM = 'Создана автоматически: проверка фото';
const handle = (u: ReportView['reporter']) => (u.username ? `@${u.username}` : (u.firstName ?? `#${u.telegramId}`));

/** One report: on whom, the type and reason, the description, the messages, the card; block / warn / remove the message / reject / skip. */
export function ReportCard({ report, aboutMe = false, busy, onAction, onSkip }: ReportCardProps) {
  const [blocking, setBlocking] = useState(false);
  const decided = report.status !== 'PENDING';
  const hasMessage = report.reportType === 'MESSAGE' && report.messages.some((m) => m.isReported && m.id !== null);
  const decide = (action: 'REJECT' | 'WARN' | 'REMOVE_MESSAGE') =>
    onAction(action === 'REJECT' ? { reportId: report.id, action, reason: null } : { reportId: report.id, action });
  return (
    <article className={reviewStyles.entry} aria-label={`Жалоба на ${handle(report.reportedUser)}`} data-report-id={report.id}>
      <header className={reviewStyles.entryHeader}>
        <span className={`${reviewStyles.badge} ${styles.typeBadge}`}>{report.typeLabel}</span>
        <UserLabel label={handle(report.reportedUser)} telegramId={report.reportedUser.telegramId} />
        <time className={reviewStyles.time} dateTime={report.createdAt}>
          {formatTime(report.createdAt)}
        </time>
      </header>
      <div className={styles.facts}>
        <p className={styles.reason}>{report.reasonLabel}</p>
        {report.description && <p className={styles.description}>{report.description}</p>}
        <p className={styles.from}>{report.automatic ? AUTOMATIC_FROM : `Отправил: ${handle(report.reporter)}`}</p>
      </div>
      {decided && (
        <p className={reviewStyles.decided} role="status">
          Уже рассмотрено:{' '}
          {decisionLine({
            outcome: reportOutcome(report.status),
            reviewerLabel: report.reviewer?.label ?? null,
            resolvedAt: report.resolvedAt,
          })}
        </p>
      )}
      <ReportedMessages messages={report.messages} />
      <div className={reviewStyles.entryCard}>
        {report.profile ? (
          <ProfileCard card={report.profile} mode="moderation" />
        ) : (
          <p className={reviewStyles.missing}>{M.profileFailed}</p>
        )}
      </div>
      {!decided && aboutMe && (
        <p className={reviewStyles.decided} role="status">
          {M.aboutSelf}
        </p>
      )}
      {!decided && !aboutMe && (
        <div className={`${reviewStyles.actions} ${styles.actions}`} role="toolbar" aria-label="Решение">
          <Button variant="destructive" disabled={busy} onClick={() => setBlocking(true)}>
            Заблокировать
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => decide('WARN')}>
            Предупредить
          </Button>
          {hasMessage && (
            <Button variant="secondary" className={styles.fullRow} disabled={busy} onClick={() => decide('REMOVE_MESSAGE')}>
              Удалить сообщение
            </Button>
          )}
          <Button variant="secondary" disabled={busy} onClick={() => decide('REJECT')}>
            Отклонить жалобу
          </Button>
          <Button variant="plain" disabled={busy} onClick={onSkip}>
            Пропустить
          </Button>
        </div>
      )}
      <ReasonDialog
        open={blocking}
        title="Заблокировать пользователя"
        confirmText="Заблокировать"
        placeholder="Или своя причина — от 20 до 500 символов"
        min={REASON_MIN}
        max={REASON_MAX}
        presets={BAN_PRESETS}
        destructive
        onCancel={() => setBlocking(false)}
        onConfirm={(reason) => (setBlocking(false), onAction({ reportId: report.id, action: 'BLOCK', reason }))}
      />
    </article>
  );
}
