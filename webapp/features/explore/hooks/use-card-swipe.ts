import { useRef, useState, type PointerEvent } from 'react';

/** A drag counts as a swipe past max(90 px, 30 % of the card's width). */
const MIN_SWIPE_PX = 90;
const SWIPE_SHARE = 0.3;
/** Below this a move is still a tap (the photo carousel's tap zones keep working). */
const SLOP_PX = 8;

export type SwipeDirection = 'like' | 'dislike';

interface Drag {
  pointerId: number;
  x: number;
  y: number;
  horizontal: boolean;
}

/**
 * The card follows a horizontal drag (right: like, left: dislike) and snaps back unless released past the threshold.
 * A second finger on the screen makes it a pinch (zoom), never a swipe: the drag ends until every finger is lifted.
 */
export function useCardSwipe(onSwipe: (direction: SwipeDirection, offsetX: number) => void) {
  const drag = useRef<Drag | null>(null);
  const fingers = useRef(new Set<number>());
  const [offsetX, setOffsetX] = useState(0);

  const reset = () => {
    drag.current = null;
    setOffsetX(0);
  };
  const lift = (event: PointerEvent<HTMLElement>) => fingers.current.delete(event.pointerId);
  const ours = (event: PointerEvent<HTMLElement>) => (drag.current?.pointerId === event.pointerId ? drag.current : null);

  return {
    offsetX,
    handlers: {
      onPointerDown: (event: PointerEvent<HTMLElement>) => {
        if (event.button > 0) return;
        // A primary pointer goes down when no other is on the screen: forget any lift that happened off the card.
        if (event.isPrimary) fingers.current.clear();
        fingers.current.add(event.pointerId);
        if (fingers.current.size > 1) return reset();
        drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, horizontal: false };
      },
      onPointerMove: (event: PointerEvent<HTMLElement>) => {
        const from = ours(event);
        if (!from) return;
        const dx = event.clientX - from.x;
        const dy = event.clientY - from.y;
        if (!from.horizontal) {
          if (Math.abs(dx) < SLOP_PX && Math.abs(dy) < SLOP_PX) return;
          // A vertical move scrolls the page: this drag is not a swipe.
          if (Math.abs(dy) >= Math.abs(dx)) return void (drag.current = null);
          from.horizontal = true;
          event.currentTarget.setPointerCapture?.(event.pointerId);
        }
        setOffsetX(dx);
      },
      onPointerUp: (event: PointerEvent<HTMLElement>) => {
        lift(event);
        const from = ours(event);
        if (!from?.horizontal) return reset();
        const dx = event.clientX - from.x;
        const width = event.currentTarget.getBoundingClientRect().width;
        reset();
        if (Math.abs(dx) > Math.max(MIN_SWIPE_PX, width * SWIPE_SHARE)) onSwipe(dx > 0 ? 'like' : 'dislike', dx);
      },
      onPointerCancel: (event: PointerEvent<HTMLElement>) => {
        lift(event);
        reset();
      },
    },
  };
}
