import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Within this many px of the top the older page loads; within it of the bottom counts as 'at the bottom'. */
const EDGE_PX = 24;
/** Further than this from the bottom, the button back to the latest messages shows. */
const JUMP_BUTTON_PX = 160;

interface Options {
  /** The list is on screen (the conversation has loaded). */
  ready: boolean;
  /** Changes whenever messages are added (new at the bottom or older at the top). */
  contentKey: string;
  firstSeq: number | undefined;
  lastSeq: number;
  canLoadOlder: boolean;
  loadOlder(): void;
  onBottom(): void;
}

export interface MessageScroll {
  ref: React.RefObject<HTMLDivElement | null>;
  contentRef: React.RefObject<HTMLOListElement | null>;
  onScroll(): void;
  isAtBottom(): boolean;
  /** Follow new messages again (the viewer just sent one). */
  stickToBottom(): void;
  jumpToBottom(): void;
  /** Set while the viewer reads far above the bottom: the last seq seen before leaving it. */
  awayFromSeq: number | null;
}

/** Keeps the place when older messages are prepended, follows new ones only at the bottom, and tracks 'away'. */
export function useMessageScroll({ ready, contentKey, firstSeq, lastSeq, canLoadOlder, loadOlder, onBottom }: Options): MessageScroll {
  const ref = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLOListElement>(null);
  const at = useRef({ bottom: true, anchor: null as { height: number; top: number; firstSeq: number | undefined } | null });
  const [awayFromSeq, setAwayFromSeq] = useState<number | null>(null);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const anchor = at.current.anchor;
    if (anchor && anchor.firstSeq !== firstSeq) {
      el.scrollTop = anchor.top + (el.scrollHeight - anchor.height);
      at.current.anchor = null;
    } else if (at.current.bottom) {
      el.scrollTop = el.scrollHeight;
    }
  }, [contentKey, firstSeq]);

  // Photos that finish loading, the keyboard or the sticker panel change sizes: stay at the bottom if there.
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver !== 'function') return undefined;
    const observer = new ResizeObserver(() => {
      if (at.current.bottom) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    if (contentRef.current) observer.observe(contentRef.current);
    return () => observer.disconnect();
  }, [ready]);

  const onScroll = () => {
    const el = ref.current;
    if (!el) return;
    const distance = el.scrollHeight - el.scrollTop - el.clientHeight;
    at.current.bottom = distance <= EDGE_PX;
    if (at.current.bottom) onBottom();
    setAwayFromSeq((seq) => (distance <= JUMP_BUTTON_PX ? null : (seq ?? lastSeq)));
    if (el.scrollTop <= EDGE_PX && canLoadOlder) {
      at.current.anchor = { height: el.scrollHeight, top: el.scrollTop, firstSeq };
      loadOlder();
    }
  };

  const stickToBottom = useCallback(() => {
    at.current.bottom = true;
    setAwayFromSeq(null);
  }, []);

  const jumpToBottom = useCallback(() => {
    const el = ref.current;
    stickToBottom();
    if (!el) return;
    if (typeof el.scrollTo === 'function') el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
    else el.scrollTop = el.scrollHeight;
  }, [stickToBottom]);

  return { ref, contentRef, onScroll, isAtBottom: () => at.current.bottom, stickToBottom, jumpToBottom, awayFromSeq };
}
