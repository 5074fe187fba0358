import { useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDisableVerticalSwipes } from '../../lib/telegram/use-vertical-swipes';
import styles from './overlay.module.css';
import { useEscapeKey } from './use-escape-key';
import { usePresence } from './use-presence';
import { useOverlayBackButton } from '../../lib/telegram/use-overlay-back-button';

export interface BottomSheetProps {
  open: boolean;
  onClose: () => void;
  title?: string;
  children: ReactNode;
  /** Usually the Cancel / Save buttons. */
  footer?: ReactNode;
}

const DISMISS_DRAG_PX = 80;

/** A sheet sliding up from the bottom; closes on the backdrop, Escape, or dragging the handle down. */
export function BottomSheet({ open, onClose, title, children, footer }: BottomSheetProps) {
  const { mounted, closing } = usePresence(open, 220);
  const [drag, setDrag] = useState(0);
  const start = useRef<number | null>(null);
  useEscapeKey(open, onClose);
  useOverlayBackButton(open, onClose);
  useDisableVerticalSwipes(open);
  if (!mounted) return null;

  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientY;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current !== null) setDrag(Math.max(0, event.clientY - start.current));
  };
  const onPointerUp = () => {
    if (drag > DISMISS_DRAG_PX) onClose();
    start.current = null;
    setDrag(0);
  };

  return createPortal(
    <div className={`${styles.layer} ${closing ? styles.closing : ''}`}>
      <div className={styles.backdrop} onClick={onClose} data-testid="sheet-backdrop" />
      <div
        className={styles.sheet}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        style={drag ? { transform: `translateY(${drag}px)`, transition: 'none' } : undefined}
      >
        <div
          className={styles.handleZone}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        >
          <span className={styles.handle} />
        </div>
        {title && <h2 className={styles.sheetTitle}>{title}</h2>}
        <div className={styles.sheetBody}>{children}</div>
        {footer && <div className={styles.sheetFooter}>{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
