import { useOnboardingStore } from '../stores/onboarding-store';
import { PhotoSlot } from './photo-slot';
import styles from './photos-step.module.css';

/** PHOTOS: exactly three, each compressed in the browser and uploaded as it is picked. */
export function PhotosStep() {
  const count = useOnboardingStore((s) => s.values.photos.filter(Boolean).length);
  return (
    <>
      <div className={styles.grid}>
        {[0, 1, 2].map((index) => (
          <PhotoSlot key={index} index={index} />
        ))}
      </div>
      <div className={styles.meta}>
        <span>JPEG, PNG или WebP</span>
        <span className={count === 3 ? styles.done : undefined}>Загружено {count} из 3</span>
      </div>
    </>
  );
}
