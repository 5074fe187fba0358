import type { ChatMessage } from '../../../../contracts/chat';
import { CHAT_TEXT } from '../lib/chat-text';
import styles from './reply-bar.module.css';
import { Icon } from '../../../components/ui/icon';

/** One line of a message as a quote shows it. */
function previewOf(message: Pick<ChatMessage, 'messageType' | 'text'>): string {
  if (message.messageType === 'PHOTO') return message.text ? `Фото: ${message.text}` : 'Фото';
  if (message.messageType === 'STICKER') return 'Стикер';
  return message.text ?? '';
}

/** Above the composer while answering: the quoted message and a cross that drops the reply. */
export function ReplyBar({ message, onCancel }: { message: ChatMessage; onCancel(): void }) {
  return (
    <div className={styles.bar} role="group" aria-label={CHAT_TEXT.replyTo}>
      <Icon name="reply" size={20} strokeWidth={2} className={styles.icon} />
      <p className={styles.text}>
        <span className={styles.label}>{CHAT_TEXT.replyTo}</span>
        <span className={styles.preview}>{previewOf(message)}</span>
      </p>
      <button type="button" className={styles.cancel} aria-label={CHAT_TEXT.cancelReply} onClick={onCancel}>
        <Icon name="close" size={18} strokeWidth={2.2} />
      </button>
    </div>
  );
}
