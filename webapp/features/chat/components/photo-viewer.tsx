import { useEscapeKey } from '../../../components/ui/use-escape-key';
import { CHAT_TEXT } from '../lib/chat-text';
import styles from './photo-viewer.module.css';
import { Icon } from '../../../components/ui/icon';
import { useOverlayBackButton } from '../../../lib/telegram/use-overlay-back-button';

/** A chat photo over the whole screen; a tap anywhere, Escape or Back closes it. */
export function PhotoViewer({ url, onClose }: { url: string; onClose(): void }) {
  useEscapeKey(true, onClose);
  useOverlayBackButton(true, onClose);
  return (
    <div className={styles.viewer} role="dialog" aria-modal="true" aria-label={CHAT_TEXT.photoViewer} onClick={onClose}>
      <img src={url} alt="Фото" className={styles.image} />
      <button type="button" className={styles.close} aria-label={CHAT_TEXT.close} onClick={onClose}>
        <Icon name="close" size={24} strokeWidth={2.2} />
      </button>
    </div>
  );
}
