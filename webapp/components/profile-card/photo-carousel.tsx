import { useState, type MouseEvent, type ReactNode } from 'react';
import { Spinner } from '../ui/spinner';
import { CardPhoto } from './card-photo';
import styles from './photo-carousel.module.css';
import { useCarouselGestures } from './use-carousel-gestures';
import { usePhotoStates } from './use-photo-states';

export interface PhotoCarouselProps {
  /** Image URLs as the server sends them; ours are asked for in the width the screen needs (CardPhoto). */
  photos: readonly string[];
  alt: string;
  /** Drawn over the bottom of the photo (name, age, city). */
  children?: ReactNode;
  /** False: photos change by tap only, a drag belongs to the card (explore's swipe). */
  swipe?: boolean;
}

// Controls inside the photo must not also count as a tap on it.
const own = (action: () => void) => (event: MouseEvent) => {
  event.stopPropagation();
  action();
};

/** end-user.md §4 Photo carousel: taps and swipes, failed photos skipped, the 2/3/5 s timers, counter over valid photos. */
export function PhotoCarousel({ photos, alt, children, swipe = true }: PhotoCarouselProps) {
  const loading = usePhotoStates(photos.length);
  const { valid } = loading;
  const [pos, setPos] = useState(0);
  const shown = Math.min(pos, Math.max(valid.length - 1, 0));
  const current = valid[shown];
  const prev = () => setPos(Math.max(shown - 1, 0));
  const next = () => setPos(Math.min(shown + 1, valid.length - 1));
  const { dragX, handlers } = useCarouselGestures(prev, next, swipe);
  const allFailed = photos.length > 0 && valid.length === 0;
  const someFailed = valid.length > 0 && valid.length < photos.length;
  const currentLoading = current !== undefined && loading.photos[current]?.state === 'loading';
  // A photo already in the browser's memory (fetched ahead) shows in its first frame, without the fade-in.
  const settleIfCached = (index: number) => (image: HTMLImageElement | null) => {
    if (image?.complete && image.naturalWidth > 0 && loading.photos[index]?.state === 'loading') loading.onLoad(index, image);
  };

  return (
    <div className={styles.carousel} data-testid="photo-carousel" {...handlers}>
      <div className={styles.track} style={dragX ? { transform: `translateX(${dragX * 0.35}px)` } : undefined}>
        {photos.map((url, index) => {
          const photo = loading.photos[index];
          const visible = photo?.state === 'loaded' || (loading.forceVisible && photo?.state !== 'failed');
          return (
            <CardPhoto
              key={`${index}:${photo?.attempt ?? 0}`}
              url={url}
              attempt={photo?.attempt ?? 0}
              alt={index === current ? alt : ''}
              aria-hidden={index !== current}
              draggable={false}
              decoding="async"
              fetchPriority={index === 0 ? 'high' : 'low'}
              data-state={photo?.state}
              data-visible={visible}
              className={`${styles.photo} ${index === current ? styles.current : ''} ${visible ? styles.visible : ''}`}
              ref={settleIfCached(index)}
              onLoad={(event) => loading.onLoad(index, event.currentTarget)}
              onError={() => loading.onError(index)}
            />
          );
        })}
      </div>
      {currentLoading && loading.loaderAllowed && (
        <div className={styles.loader} data-testid="photo-loader">
          <Spinner label="Загрузка фото" />
        </div>
      )}
      {photos.length === 0 && <div className={styles.empty}>Нет фото</div>}
      {allFailed && (
        <div className={styles.empty}>
          <span>Все изображения недоступны</span>
          <button type="button" className={styles.pill} onClick={own(loading.retryAll)}>
            Перезагрузить все
          </button>
        </div>
      )}
      {valid.length > 1 && (
        <div className={styles.segments} aria-hidden="true">
          {valid.map((index, i) => (
            <span key={index} className={`${styles.segment} ${i === shown ? styles.segmentOn : ''}`} />
          ))}
        </div>
      )}
      {valid.length > 0 && (
        <span className={styles.counter} data-testid="photo-counter" aria-label={`Фото ${shown + 1} из ${valid.length}`}>
          {shown + 1} / {valid.length}
        </span>
      )}
      {someFailed && (
        <div className={styles.failNote} role="status">
          <span>Ошибка загрузки</span>
          <button type="button" className={styles.pill} onClick={own(loading.retryFailed)}>
            Повторить
          </button>
        </div>
      )}
      {valid.length > 1 && (
        <>
          <button
            type="button"
            className={`${styles.nav} ${styles.navPrev}`}
            aria-label="Предыдущее фото"
            disabled={shown === 0}
            onClick={own(prev)}
          />
          <button
            type="button"
            className={`${styles.nav} ${styles.navNext}`}
            aria-label="Следующее фото"
            disabled={shown === valid.length - 1}
            onClick={own(next)}
          />
        </>
      )}
      {children && <div className={styles.overlay}>{children}</div>}
    </div>
  );
}
