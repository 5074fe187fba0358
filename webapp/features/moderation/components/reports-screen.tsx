import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  REPORT_ACTION_STATUS,
  REPORT_MODERATION_MESSAGES as M,
  type ReportActionBody,
  type ReportView,
} from '../../../../contracts/moderation-reports';
import { OUTCOME_LABELS, reportOutcome } from '../../../../contracts/moderation-outcome';
import { showToast } from '../../../components/ui/toast-store';
import { haptics } from '../../../lib/telegram/haptics';
import { useSession } from '../../../lib/session/session-store';
import { isAlreadyDecided } from '../api/moderation-items';
import { fetchReports, reportAction } from '../api/moderation-reports';
import { useDecisionPushes } from '../hooks/use-decision-pushes';
import { usePagedQueue } from '../hooks/use-paged-queue';
import { QueueFooter } from './queue-footer';
import { ReportCard } from './report-card';
import styles from './review.module.css';
import { useStaffLinks } from '../lib/staff-links';

const param = (params: URLSearchParams, name: string) => params.get(name) || undefined;

/** /moderation/reports (moderation-admin.md §2 Reports screen): status, optional type. */
export function ReportsScreen() {
  const [params] = useSearchParams();
  const links = useStaffLinks();
  const query = { status: param(params, 'status') ?? 'PENDING', type: param(params, 'type'), reportId: param(params, 'reportId') };
  const queue = usePagedQueue<ReportView>(JSON.stringify(query), (page, afterId) =>
    fetchReports({ ...query, page, afterId }).then((r) => ({ entries: r.reports, pagination: r.pagination })),
  );
  const [busy, setBusy] = useState<number | null>(null);
  const me = useSession((s) => s.user?.telegramId ?? 0);
  // Decided elsewhere: the card names who decided and loses its buttons.
  useDecisionPushes({
    onReport: ({ reportId, status, reviewer, resolvedAt }) =>
      queue.update(reportId, (report) => ({ ...report, status, reviewer, resolvedAt })),
  });

  const act = async (body: ReportActionBody) => {
    const reportId = Number(body.reportId);
    setBusy(reportId);
    try {
      await reportAction(body);
      haptics.notify('success');
      showToast({ text: OUTCOME_LABELS[reportOutcome(REPORT_ACTION_STATUS[body.action])]!, tone: 'success', durationMs: 2000 });
      queue.remove(reportId);
    } catch (err) {
      haptics.notify('error');
      showToast({ text: err instanceof Error ? err.message : M.blockFailed, tone: 'error', durationMs: 5000 });
      if (isAlreadyDecided(err)) queue.remove(reportId);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={styles.list} aria-label="Жалобы">
      <div className={styles.listHeader}>
        <h2>{query.reportId ? `Жалоба #${query.reportId}` : 'Жалобы'}</h2>
        {!query.reportId && queue.total > 0 && <span className={styles.total}>{queue.total}</span>}
        <Link to={links.allSections} className={styles.back}>
          Все разделы
        </Link>
      </div>
      {queue.entries.map((report) => (
        <ReportCard
          key={report.id}
          report={report}
          aboutMe={report.reportedUser.telegramId === me}
          busy={busy === report.id}
          onAction={(body) => void act(body)}
          onSkip={() => queue.remove(report.id)}
        />
      ))}
      <QueueFooter queue={queue} empty="Нет жалоб" error={M.loadFailed} />
    </section>
  );
}
