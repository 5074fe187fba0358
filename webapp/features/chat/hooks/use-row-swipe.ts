import { useRef, useState, type DragEvent, type MouseEvent, type PointerEvent } from 'react';

/** How far an open row stays slid: the width of its action. */
const ROW_ACTION_PX = 88;
/** Below this a move is still a tap on the row. */
const SLOP_PX = 8;
/** A swipe past half the row (and at least two actions' width) runs the action at once, as in Telegram. */
const FULL_SHARE = 0.5;

interface Drag {
  pointerId: number;
  x: number;
  y: number;
  horizontal: boolean;
}

/**
 * A chat row slid left reveals its action: released past half the action it stays open, past half the row the
 * action runs. Vertical moves scroll the list; a second finger (pinch zoom) cancels the slide.
 */
export function useRowSwipe(onAction: () => void) {
  const drag = useRef<Drag | null>(null);
  // A slide just ended: the click that follows the pointer's release opens nothing.
  const slid = useRef(false);
  const [open, setOpen] = useState(false);
  const [dragX, setDragX] = useState<number | null>(null);
  const rest = open ? -ROW_ACTION_PX : 0;
  const cancel = () => {
    drag.current = null;
    setDragX(null);
  };

  const handlers = {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (drag.current && drag.current.pointerId !== event.pointerId) return cancel();
      if (event.button > 0) return undefined;
      drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, horizontal: false };
      slid.current = false;
      return undefined;
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const from = drag.current;
      if (!from || event.pointerId !== from.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (!from.horizontal) {
        if (Math.abs(dx) < SLOP_PX && Math.abs(dy) < SLOP_PX) return;
        if (Math.abs(dy) >= Math.abs(dx)) return cancel();
        from.horizontal = true;
        slid.current = true;
        event.currentTarget.setPointerCapture?.(event.pointerId);
      }
      setDragX(Math.min(0, rest + dx));
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      const from = drag.current;
      if (!from || event.pointerId !== from.pointerId) return;
      const x = Math.min(0, rest + event.clientX - from.x);
      const full = Math.max(event.currentTarget.getBoundingClientRect().width * FULL_SHARE, ROW_ACTION_PX * 2);
      cancel();
      if (!from.horizontal) return;
      if (-x > full) {
        setOpen(false);
        onAction();
      } else setOpen(-x > ROW_ACTION_PX / 2);
    },
    onPointerCancel: cancel,
    // A mouse drag would otherwise start dragging the chat's link (and cancel the pointer) instead of sliding.
    onDragStart: (event: DragEvent<HTMLElement>) => event.preventDefault(),
    // A tap on an open row closes it rather than opening the chat.
    onClickCapture: (event: MouseEvent<HTMLElement>) => {
      if (!slid.current && !open) return;
      event.preventDefault();
      event.stopPropagation();
      if (!slid.current) setOpen(false);
      slid.current = false;
    },
  };
  return { offset: dragX ?? rest, open, sliding: dragX !== null, handlers, close: () => setOpen(false) };
}
