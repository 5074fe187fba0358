import { useRef, useState, type MouseEvent, type PointerEvent } from 'react';

const MAX_SWIPE_PX = 60;
const SWIPE_SHARE = 0.15;
/** Movement below this is still a tap. */
const TAP_SLOP_PX = 10;

/** end-user.md §9: a swipe or drag changes the photo beyond min(60 px, 15% of the width). */
export const swipeThreshold = (width: number): number => Math.min(MAX_SWIPE_PX, width * SWIPE_SHARE);

interface Start {
  x: number;
  y: number;
}

/** Tap on the left or right half, or swipe/drag past the threshold (unless `swipe` is off); a drag never also counts as a tap. */
export function useCarouselGestures(onPrev: () => void, onNext: () => void, swipe = true) {
  const start = useRef<Start | null>(null);
  const moved = useRef(false);
  const [dragX, setDragX] = useState(0);

  const end = (event: PointerEvent<HTMLElement>) => {
    const from = start.current;
    start.current = null;
    setDragX(0);
    if (!from) return;
    const dx = event.clientX - from.x;
    const width = event.currentTarget.getBoundingClientRect().width;
    if (Math.abs(dx) > TAP_SLOP_PX) moved.current = true;
    if (swipe && Math.abs(dx) > swipeThreshold(width)) (dx < 0 ? onNext : onPrev)();
  };

  return {
    dragX,
    handlers: {
      onPointerDown: (event: PointerEvent<HTMLElement>) => {
        start.current = { x: event.clientX, y: event.clientY };
        moved.current = false;
        event.currentTarget.setPointerCapture?.(event.pointerId);
      },
      onPointerMove: (event: PointerEvent<HTMLElement>) => {
        const from = start.current;
        if (!from) return;
        const dx = event.clientX - from.x;
        // Follow the finger only for horizontal moves; vertical ones scroll the page.
        if (swipe && Math.abs(dx) > Math.abs(event.clientY - from.y)) setDragX(dx);
      },
      onPointerUp: end,
      onPointerCancel: () => {
        start.current = null;
        setDragX(0);
      },
      onClick: (event: MouseEvent<HTMLElement>) => {
        if (moved.current) {
          moved.current = false;
          return;
        }
        const rect = event.currentTarget.getBoundingClientRect();
        (event.clientX - rect.left < rect.width / 2 ? onPrev : onNext)();
      },
    },
  };
}
