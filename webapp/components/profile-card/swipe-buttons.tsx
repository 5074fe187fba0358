import styles from './swipe-buttons.module.css';

export interface SwipeButtonsProps {
  onLike: () => void;
  onDislike: () => void;
  disabled?: boolean;
  /** 'Вернуть анкету' (explore): shown while the last swipe was a dislike. */
  onUndo?: () => void;
}

const UNDO = 'M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11';
const CROSS = 'M7 7l10 10M17 7L7 17';
const HEART = 'M12 20.2s-7.8-4.7-7.8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 7.8 2.7c0 5.8-7.8 10.5-7.8 10.5z';

/** The round dislike and like buttons under a card (explore and likes). */
export function SwipeButtons({ onLike, onDislike, disabled = false, onUndo }: SwipeButtonsProps) {
  return (
    <>
      {onUndo && (
        <button
          type="button"
          className={`${styles.button} ${styles.undo}`}
          aria-label="Вернуть анкету"
          title="Вернуть анкету"
          disabled={disabled}
          onClick={onUndo}
        >
          <svg
            width="22"
            height="22"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.4"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d={UNDO} />
          </svg>
        </button>
      )}
      <button
        type="button"
        className={`${styles.button} ${styles.dislike}`}
        aria-label="Дизлайк"
        title="Дизлайк"
        disabled={disabled}
        onClick={onDislike}
      >
        <svg
          width="30"
          height="30"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.6"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <path d={CROSS} />
        </svg>
      </button>
      <button
        type="button"
        className={`${styles.button} ${styles.like}`}
        aria-label="Лайк"
        title="Лайк"
        disabled={disabled}
        onClick={onLike}
      >
        <svg width="32" height="32" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          <path d={HEART} />
        </svg>
      </button>
    </>
  );
}
