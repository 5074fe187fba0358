import type { CSSProperties, ReactNode } from 'react';
import type { ProfileCard as CardData } from '../../../../contracts/profile-card';
import { ProfileCard } from '../../../components/profile-card/profile-card';
import { SwipeButtons } from '../../../components/profile-card/swipe-buttons';
import { useCardSwipe, type SwipeDirection } from '../hooks/use-card-swipe';
import styles from './swipe-deck.module.css';

const STAMP_PX = 90;

export interface SwipeDeckProps {
  card: CardData;
  /** `fromX`: where the drag let go (0 for a button), so the card flies off from there. */
  onSwipe: (direction: SwipeDirection, fromX: number) => void;
  onUndo?: () => void;
  reportAction: ReactNode;
  /** The card just swiped, kept under its flying copy until the next card's photo is ready. */
  covered?: boolean;
}

/** Explore's card: follows a horizontal drag and snaps back unless swiped; the like and dislike buttons stay. */
export function SwipeDeck({ card, onSwipe, onUndo, reportAction, covered = false }: SwipeDeckProps) {
  const { offsetX, handlers } = useCardSwipe(onSwipe);
  const live: CSSProperties = offsetX !== 0 ? { transform: `translateX(${offsetX}px) rotate(${offsetX / 22}deg)`, transition: 'none' } : {};
  return (
    <div className={styles.live} style={{ ...live, visibility: covered ? 'hidden' : undefined }} data-testid="swipe-card" {...handlers}>
      <span
        className={`${styles.stamp} ${styles.likeStamp}`}
        style={{ opacity: Math.min(1, Math.max(0, offsetX) / STAMP_PX) }}
        aria-hidden="true"
      >
        Лайк
      </span>
      <span
        className={`${styles.stamp} ${styles.nopeStamp}`}
        style={{ opacity: Math.min(1, Math.max(0, -offsetX) / STAMP_PX) }}
        aria-hidden="true"
      >
        Нет
      </span>
      <ProfileCard
        key={card.userId}
        card={card}
        photoSwipe={false}
        actionsPlacement="under-photo"
        actions={<SwipeButtons onLike={() => onSwipe('like', 0)} onDislike={() => onSwipe('dislike', 0)} onUndo={onUndo} />}
        reportAction={reportAction}
      />
    </div>
  );
}
