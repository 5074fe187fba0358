import type { ReactNode } from 'react';
import type { ModerationItemView } from '../../../../contracts/moderation';
import { decisionLine } from '../../../../contracts/moderation-outcome';
import { SEX_LABELS } from '../../../../contracts/profile-fields';
import { ProfileCard } from '../../../components/profile-card/profile-card';
import { formatTime } from '../lib/field-values';
import { AgeCheck } from './age-check';
import { EditDiff } from './edit-diff';
import { PhotoChecks } from './photo-checks';
import styles from './review.module.css';
import { CheckBadge, TypeBadge } from './type-badge';
import { UserLabel } from './user-label';

/** One item under review: badge, the user (copied on click), an edit's before/after, the card, then the actions. */
export function ReviewCard({ item, actions }: { item: ModerationItemView; actions: ReactNode }) {
  const card = item.payload.profile;
  const decided = item.status !== 'PENDING';
  return (
    <article
      className={styles.entry}
      aria-label={`${item.meta.typeLabel} ${item.meta.userLabel}`}
      data-item-id={item.id}
      data-needs-photo-check={item.payload.needsPhotoCheck || undefined}
    >
      <header className={styles.entryHeader}>
        <TypeBadge type={item.type} label={item.meta.typeLabel} />
        {item.payload.needsPhotoCheck && <CheckBadge />}
        <UserLabel label={item.meta.userLabel} telegramId={item.userId} />
        <time className={styles.time} dateTime={item.createdAt}>
          {formatTime(item.createdAt)}
        </time>
      </header>
      {decided && (
        <p className={styles.decided} role="status">
          Уже рассмотрено:{' '}
          {decisionLine({ outcome: item.status, reviewerLabel: item.reviewer?.label ?? null, resolvedAt: item.resolvedAt })}
          {item.reason && <span className={styles.decidedReason}>Причина: {item.reason}</span>}
        </p>
      )}
      <PhotoChecks payload={item.payload} />
      <AgeCheck check={item.payload.ageCheck} />
      <EditDiff changes={item.payload.changes} />
      {/* The sex as chosen (AMENDMENTS §5.2): the card does not show it, the moderator checks it against the photos. */}
      <p className={styles.sex}>Пол: {item.payload.sex ? SEX_LABELS[item.payload.sex] : 'не указан'}</p>
      <div className={styles.entryCard}>
        {card ? <ProfileCard card={card} mode="moderation" /> : <p className={styles.missing}>Анкета удалена</p>}
      </div>
      {!decided && actions}
    </article>
  );
}
