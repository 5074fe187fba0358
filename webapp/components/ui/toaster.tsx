import { useEffect, useRef, useState } from 'react';
import { useBelowHeaders } from './below-headers';
import { dismissToast, useToasts, type Toast } from './toast-store';
import styles from './toaster.module.css';

const FADE_MS = 250;

function ToastText({ toast }: { toast: Toast }) {
  return (
    <>
      <div className={styles.text}>{toast.text}</div>
      {toast.description && <div className={styles.description}>{toast.description}</div>}
    </>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    const fade = setTimeout(() => setLeaving(true), Math.max(0, toast.durationMs - FADE_MS));
    const remove = setTimeout(() => dismissToast(toast.id), toast.durationMs);
    return () => {
      clearTimeout(fade);
      clearTimeout(remove);
    };
  }, [toast]);

  return (
    <div
      className={`${styles.toast} ${styles[toast.tone]} ${leaving ? styles.leaving : ''}`}
      role={toast.tone === 'error' ? 'alert' : 'status'}
      onClick={() => {
        toast.onPress?.();
        dismissToast(toast.id);
      }}
    >
      {toast.onPress ? (
        <button type="button" className={`${styles.body} ${styles.bodyButton}`}>
          <ToastText toast={toast} />
        </button>
      ) : (
        <div className={styles.body}>
          <ToastText toast={toast} />
        </div>
      )}
      {toast.action && (
        <button
          type="button"
          className={styles.action}
          onClick={(event) => {
            event.stopPropagation();
            toast.action?.onPress();
            dismissToast(toast.id);
          }}
        >
          {toast.action.label}
        </button>
      )}
    </div>
  );
}

/** The one toast stack of the app, rendered once by the frame; it starts below the screen's header, never over it. */
export function Toaster() {
  const toasts = useToasts((s) => s.toasts);
  const stack = useRef<HTMLDivElement>(null);
  useBelowHeaders(stack, toasts);
  return (
    <div ref={stack} className={styles.stack} aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
