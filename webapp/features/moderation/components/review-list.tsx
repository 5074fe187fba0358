import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DECISION_LABELS, MODERATION_MESSAGES, type ItemStatusBody, type ModerationItemView } from '../../../../contracts/moderation';
import { showToast } from '../../../components/ui/toast-store';
import { haptics } from '../../../lib/telegram/haptics';
import { fetchModerationItem, fetchModerationItems, isAlreadyDecided, isItemChanged, updateItemStatus } from '../api/moderation-items';
import { useDecisionPushes } from '../hooks/use-decision-pushes';
import { usePagedQueue } from '../hooks/use-paged-queue';
import { listTitle } from '../lib/list-titles';
import { ItemActions } from './item-actions';
import { QueueFooter } from './queue-footer';
import { ReviewCard } from './review-card';
import styles from './review.module.css';
import { useStaffLinks } from '../lib/staff-links';

const param = (params: URLSearchParams, name: string) => params.get(name) || undefined;

/** The review list of moderation-admin.md §2: items of the query's type and status, decided or skipped one by one. */
export function ReviewList() {
  const [params, setParams] = useSearchParams();
  const links = useStaffLinks();
  const query = {
    type: param(params, 'type'),
    status: param(params, 'status') ?? 'PENDING',
    userId: param(params, 'userId'),
    itemId: param(params, 'itemId'),
  };
  const queue = usePagedQueue<ModerationItemView>(JSON.stringify(query), (page, afterId) =>
    fetchModerationItems({ ...query, page, afterId }).then((r) => ({ entries: r.items, pagination: r.pagination })),
  );
  const [busy, setBusy] = useState<number | null>(null);
  // Decided elsewhere: the card stays, naming who decided, and its buttons go away.
  useDecisionPushes({
    onItem: ({ itemId, status, reason, reviewer, resolvedAt }) =>
      queue.update(itemId, (item) => ({ ...item, status, reason, reviewer, resolvedAt })),
  });

  // The item changed under the moderator: its current version replaces the one on screen.
  const showAgain = async (itemId: number) => {
    const fresh = await fetchModerationItem(itemId).catch(() => null);
    if (fresh && fresh.status === 'PENDING') queue.replace(fresh);
    else queue.remove(itemId);
  };

  const decide = async (body: ItemStatusBody) => {
    const itemId = Number(body.itemId);
    setBusy(itemId);
    try {
      await updateItemStatus(body);
      haptics.notify('success');
      showToast({ text: DECISION_LABELS[body.status], tone: 'success', durationMs: 2000 });
      queue.remove(itemId);
    } catch (err) {
      haptics.notify('error');
      showToast({ text: err instanceof Error ? err.message : MODERATION_MESSAGES.updateFailed, tone: 'error', durationMs: 5000 });
      if (isAlreadyDecided(err)) queue.remove(itemId);
      if (isItemChanged(err)) await showAgain(itemId);
    } finally {
      setBusy(null);
    }
  };

  const showAll = () => setParams((p) => (p.delete('itemId'), p));
  return (
    <section className={styles.list} aria-label={listTitle(query.type ?? null)}>
      <div className={styles.listHeader}>
        <h2>{query.itemId ? `Заявка #${query.itemId}` : listTitle(query.type ?? null)}</h2>
        {!query.itemId && queue.total > 0 && <span className={styles.total}>{queue.total}</span>}
        <Link to={links.allSections} className={styles.back}>
          Все разделы
        </Link>
      </div>
      {queue.entries.map((item) => (
        <ReviewCard
          key={item.id}
          item={item}
          actions={
            <ItemActions item={item} busy={busy === item.id} onDecide={(body) => void decide(body)} onSkip={() => queue.remove(item.id)} />
          }
        />
      ))}
      <QueueFooter queue={queue} empty="Нет анкет на модерации" error={MODERATION_MESSAGES.loadFailed} />
      {query.itemId && (
        <button type="button" className={styles.linkButton} onClick={showAll}>
          Вся очередь
        </button>
      )}
    </section>
  );
}
