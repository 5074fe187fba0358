import { Icon } from '../../../components/ui/icon';
import { photoPreviewUrl } from '../lib/photo-preview';
import { ACCEPTED_IMAGE_TYPES, removePhoto, uploadPhotoInto } from '../stores/upload-photo';
import { useOnboardingStore } from '../stores/onboarding-store';
import styles from './photos-step.module.css';

/** One of the three photo slots: pick (or replace) a file, see it upload, remove it. */
export function PhotoSlot({ index }: { index: number }) {
  const url = useOnboardingStore((s) => s.values.photos[index] ?? null);
  const preview = useOnboardingStore((s) => s.previews[index] ?? null);
  const uploading = useOnboardingStore((s) => s.uploads[index] !== null);
  const error = useOnboardingStore((s) => s.photoErrors[index] ?? null);
  const shown = preview ?? (url ? photoPreviewUrl(url) : null);
  const label = `Фото ${index + 1}`;
  return (
    <div
      className={styles.slot}
      data-main={index === 0}
      data-filled={Boolean(shown)}
      data-error={error !== null || undefined}
      data-testid={`photo-slot-${index + 1}`}
      aria-busy={uploading}
    >
      <label className={styles.pick}>
        <input
          className={styles.file}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          aria-label={label}
          disabled={uploading}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void uploadPhotoInto(index, file);
          }}
        />
        {shown ? (
          <img className={styles.image} src={shown} alt={label} />
        ) : (
          <span className={styles.empty}>
            <span className={styles.plus} aria-hidden="true" />
            <span>{index === 0 ? 'Главное фото' : label}</span>
          </span>
        )}
        {uploading && (
          <span className={styles.progress} role="status" aria-label="Загрузка фото">
            <span className={styles.ring} />
          </span>
        )}
      </label>
      {index === 0 && shown && !error && <span className={styles.badge}>Главное</span>}
      {error && !uploading && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {shown && !uploading && (
        <button type="button" className={styles.remove} aria-label={`Удалить фото ${index + 1}`} onClick={() => removePhoto(index)}>
          <Icon name="close" size={16} />
        </button>
      )}
    </div>
  );
}
