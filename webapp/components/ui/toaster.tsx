import { useEffect, useState } from 'react';
import { dismissToast, useToasts, type Toast } from './toast-store';
import styles from './toaster.module.css';

const FADE_MS = 250;

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
      onClick={() => dismissToast(toast.id)}
    >
      <div className={styles.body}>
        <div className={styles.text}>{toast.text}</div>
        {toast.description && <div className={styles.description}>{toast.description}</div>}
      </div>
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

/** The one toast stack of the app, rendered once by the frame. */
export function Toaster() {
  const toasts = useToasts((s) => s.toasts);
  return (
    <div className={styles.stack} aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
