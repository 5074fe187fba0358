import type { ModerationItemView } from '../../../../contracts/moderation';
import { formatScores, SCREENING_MESSAGES } from '../../../../contracts/screening';
import { sizedImageUrl } from '../../../components/profile-card/card-image-url';
import styles from './photo-checks.module.css';

/** The photos screening flagged (issue #27): each with 'Проверьте фото' and its scores, so the moderator looks before approving. */
export function PhotoChecks({ payload }: { payload: ModerationItemView['payload'] }) {
  const flagged = payload.photos.flatMap((url, index) => {
    const check = payload.photoChecks[index];
    return check?.flagged ? [{ url, index, scores: formatScores(check.scores) }] : [];
  });
  if (flagged.length === 0 && !payload.needsPhotoCheck) return null;
  return (
    <section className={styles.checks} aria-label={SCREENING_MESSAGES.checkPhoto} data-testid="photo-checks">
      <p className={styles.head} role="note">
        <span aria-hidden="true">⚠️</span> {SCREENING_MESSAGES.checkPhoto}
        {flagged.length > 0 && <span className={styles.count}>{`${flagged.length} из ${payload.photos.length}`}</span>}
      </p>
      <ul className={styles.list}>
        {flagged.map((photo) => (
          <li key={photo.url} className={styles.photo} data-flagged="true">
            <img src={sizedImageUrl(photo.url, 256)} alt={`Фото ${photo.index + 1}`} loading="lazy" />
            <span className={styles.detail}>
              <span className={styles.badge}>
                Фото {photo.index + 1} · {SCREENING_MESSAGES.checkPhoto}
              </span>
              <span className={styles.scores}>{photo.scores}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
