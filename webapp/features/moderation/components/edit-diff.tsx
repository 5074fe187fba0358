import type { ModerationItemView } from '../../../../contracts/moderation';
import { sizedImageUrl } from '../../../components/profile-card/card-image-url';
import { FIELD_LABELS, showValue } from '../lib/field-values';
import styles from './review.module.css';

function Photos({ urls, label }: { urls: unknown; label: string }) {
  const list = Array.isArray(urls) ? urls.map(String) : [];
  if (list.length === 0) return <span className={styles.empty}>—</span>;
  return (
    <span className={styles.thumbs}>
      {list.map((url, i) => (
        <img key={url} src={sizedImageUrl(url, 256)} alt={`${label} ${i + 1}`} loading="lazy" />
      ))}
    </span>
  );
}

/** An edit as 'before → after' for each changed field. */
export function EditDiff({ changes }: { changes: ModerationItemView['payload']['changes'] }) {
  const rows = Object.entries(changes).filter(([, change]) => change.changed);
  if (rows.length === 0) return null;
  return (
    <dl className={styles.diff} aria-label="Изменения">
      {rows.map(([field, change]) => (
        <div key={field} className={styles.diffRow}>
          <dt>{FIELD_LABELS[field] ?? field}</dt>
          {field === 'photos' ? (
            <dd>
              <span className={styles.before}>
                Было: <Photos urls={change.previous} label="Было" />
              </span>
              <span className={styles.after}>
                Стало: <Photos urls={change.value} label="Стало" />
              </span>
            </dd>
          ) : (
            <dd>
              <span className={styles.before}>{showValue(field, change.previous)}</span>
              <span aria-hidden="true"> → </span>
              <span className={styles.after}>{showValue(field, change.value)}</span>
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}
