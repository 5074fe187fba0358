import { useRef, type MouseEvent, type PointerEvent } from 'react';
import { haptics } from '../../../lib/telegram/haptics';

const LONG_PRESS_MS = 500;
/** A finger that moves further than this is scrolling, not pressing. */
const MOVE_PX = 10;

/** The click that ends a long press would land on whatever opened under the finger (the menu): drop that one click. */
function swallowReleaseClick(): void {
  const swallow = (e: Event) => {
    e.stopPropagation();
    e.preventDefault();
  };
  const release = () => setTimeout(() => window.removeEventListener('click', swallow, true), 80);
  window.addEventListener('click', swallow, { capture: true, once: true });
  window.addEventListener('pointerup', release, { capture: true, once: true });
  window.addEventListener('pointercancel', release, { capture: true, once: true });
}

/** Handlers that call `onPress` after a 500 ms press without moving, or on the context menu (right click). */
export function useLongPress(onPress: (() => void) | undefined) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef({ x: 0, y: 0 });
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  if (!onPress) return {};
  return {
    onContextMenu: (e: MouseEvent) => {
      // A long touch may raise it too, after or instead of the timer: opening the same menu twice is harmless.
      e.preventDefault();
      cancel();
      onPress();
    },
    onPointerDown: (e: PointerEvent) => {
      cancel();
      start.current = { x: e.clientX, y: e.clientY };
      timer.current = setTimeout(() => {
        timer.current = null;
        haptics.impact('medium');
        swallowReleaseClick();
        onPress();
      }, LONG_PRESS_MS);
    },
    onPointerMove: (e: PointerEvent) => {
      if (Math.hypot(e.clientX - start.current.x, e.clientY - start.current.y) > MOVE_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
  };
}
