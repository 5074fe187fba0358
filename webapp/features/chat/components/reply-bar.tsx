import type { ChatMessage } from '../../../../api/contracts/chat';
import { CHAT_TEXT } from '../lib/chat-text';
import styles from './reply-bar.module.css';

/** One line of a message as a quote shows it. */
export function previewOf(message: Pick<ChatMessage, 'messageType' | 'text'>): string {
  if (message.messageType === 'PHOTO') return message.text ? `Фото: ${message.text}` : 'Фото';
  if (message.messageType === 'STICKER') return 'Стикер';
  return message.text ?? '';
}

/** Above the composer while answering: the quoted message and a cross that drops the reply. */
export function ReplyBar({ message, onCancel }: { message: ChatMessage; onCancel(): void }) {
  return (
    <div className={styles.bar} role="group" aria-label={CHAT_TEXT.replyTo}>
      <svg
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        className={styles.icon}
      >
        <path d="M9 14 4 9l5-5M4 9h10a6 6 0 0 1 6 6v5" />
      </svg>
      <p className={styles.text}>
        <span className={styles.label}>{CHAT_TEXT.replyTo}</span>
        <span className={styles.preview}>{previewOf(message)}</span>
      </p>
      <button type="button" className={styles.cancel} aria-label={CHAT_TEXT.cancelReply} onClick={onCancel}>
        <svg
          width="18"
          height="18"
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
