import styles from './swipe-buttons.module.css';
import { Icon } from '../ui/icon';

export interface SwipeButtonsProps {
  onLike: () => void;
  onDislike: () => void;
  disabled?: boolean;
  /** 'Вернуть анкету' (explore): shown while the last swipe was a dislike. */
  onUndo?: () => void;
}

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
          <Icon name="undo" size={22} strokeWidth={2.4} />
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
        <Icon name="cross" size={30} strokeWidth={2.6} />
      </button>
      <button
        type="button"
        className={`${styles.button} ${styles.like}`}
        aria-label="Лайк"
        title="Лайк"
        disabled={disabled}
        onClick={onLike}
      >
        <Icon name="heartSolid" size={32} />
      </button>
    </>
  );
}
