import { useEscapeKey } from '../../../components/ui/use-escape-key';
import { CHAT_TEXT } from '../lib/chat-text';
import styles from './photo-viewer.module.css';

/** A chat photo over the whole screen; a tap anywhere, Escape or Back closes it. */
export function PhotoViewer({ url, onClose }: { url: string; onClose(): void }) {
  useEscapeKey(true, onClose);
  return (
    <div className={styles.viewer} role="dialog" aria-modal="true" aria-label={CHAT_TEXT.photoViewer} onClick={onClose}>
      <img src={url} alt="Фото" className={styles.image} />
      <button type="button" className={styles.close} aria-label={CHAT_TEXT.close} onClick={onClose}>
        <svg
          width="24"
          height="24"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
      </button>
    </div>
  );
}
