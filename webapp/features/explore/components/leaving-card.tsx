import { useEffect, type CSSProperties } from 'react';
import type { ProfileCard as CardData } from '../../../../contracts/profile-card';
import { ProfileCard } from '../../../components/profile-card/profile-card';
import type { SwipeDirection } from '../hooks/use-card-swipe';
import styles from './swipe-deck.module.css';

/** How long the card takes to fly off; the copy goes at its animationend, or a little after this at the latest. */
const EXIT_MS = 320;

export interface Leaving {
  card: CardData;
  direction: SwipeDirection;
  fromX: number;
  key: number;
}

/** A copy of the swiped card flying off to its side (right: like, left: dislike) over whatever comes next. */
export function LeavingCard({ leaving, onDone }: { leaving: Leaving; onDone: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onDone, EXIT_MS + 100);
    return () => clearTimeout(timer);
  }, [leaving.key, onDone]);
  return (
    <div
      className={`${styles.ghost} ${leaving.direction === 'like' ? styles.toRight : styles.toLeft}`}
      style={{ '--from-x': `${leaving.fromX}px`, '--from-deg': `${leaving.fromX / 22}deg` } as CSSProperties}
      aria-hidden="true"
      inert
      data-testid="leaving-card"
      onAnimationEnd={onDone}
    >
      <ProfileCard card={leaving.card} photoSwipe={false} decorative />
    </div>
  );
}
