import type { ReactNode } from 'react';
import type { ChatMessage } from '../../../../contracts/chat';
import { formatMessageTime } from '../lib/chat-format';
import { CHAT_TEXT } from '../lib/chat-text';
import type { PendingMessage } from '../lib/conversation-state';
import { ChatPhoto } from './chat-photo';
import type { DeliveryState } from '../lib/delivery-glyph';
import { DeliveryMark } from './delivery-mark';
import { ReplyQuote } from './reply-quote';
import { useLongPress } from '../hooks/use-long-press';
import styles from './message-bubble.module.css';

type Kind = ChatMessage['messageType'];
type Delivery = DeliveryState | null;

interface BubbleProps {
  kind: Kind;
  own: boolean;
  first: boolean;
  last: boolean;
  time: string;
  delivery: Delivery;
  text: string | null;
  media: ReactNode;
  /** Long press or the context menu (AMENDMENTS §1.5: every message can be reported). */
  onMenu?: () => void;
  footer?: ReactNode;
  quote?: ReactNode;
  deleted?: boolean;
}

/** A sticker is drawn bare (no bubble); a photo fills its bubble with the time over it; text keeps the time on its last line. */
function Bubble({ kind, own, first, last, time, delivery, text, media, onMenu, footer, quote, deleted }: BubbleProps) {
  const press = useLongPress(onMenu);
  const shape = deleted || quote ? 'text' : kind === 'STICKER' ? 'bare' : kind === 'PHOTO' && !text ? 'media' : 'text';
  return (
    <li
      className={`${styles.item} ${own ? styles.own : styles.theirs}`}
      data-own={own}
      data-first={first}
      data-last={last}
      data-kind={kind.toLowerCase()}
    >
      <div
        className={`${styles.bubble} ${styles[shape] ?? ''}`}
        data-shape={shape}
        aria-busy={delivery === 'sending' || undefined}
        data-failed={delivery === 'failed' || undefined}
        {...press}
      >
        {quote}
        {media}
        {deleted && (
          <p className={`${styles.text} ${styles.deleted}`}>
            {CHAT_TEXT.deleted}
            <span className={styles.spacer} aria-hidden="true" />
          </p>
        )}
        {text && (
          <p className={styles.text}>
            {text}
            <span className={styles.spacer} aria-hidden="true" />
          </p>
        )}
        <span className={styles.meta}>
          <time dateTime={time}>{formatMessageTime(time)}</time>
          {delivery && <DeliveryMark state={delivery} />}
        </span>
      </div>
      {footer}
    </li>
  );
}

interface MessageBubbleProps {
  message: ChatMessage;
  own: boolean;
  first: boolean;
  last: boolean;
  /** The peer has read it (✓✓). */
  read?: boolean;
  onMenu?: (message: ChatMessage) => void;
  onOpenPhoto?: (url: string) => void;
}

export function MessageBubble({ message, own, first, last, read = false, onMenu, onOpenPhoto }: MessageBubbleProps) {
  const { messageType: kind, photoUrl, stickerUrl } = message;
  // A flagged photo is veiled for the peer whatever `blurred` says; its sender sees it with a note instead.
  const sensitive = message.sensitive && !own;
  const blurred = !own && (message.blurred || message.sensitive);
  const note = message.sensitive && own ? CHAT_TEXT.sensitiveOwn : undefined;
  const delivery = own ? (read ? 'read' : 'sent') : null;
  if (message.deleted)
    return (
      <Bubble
        kind="TEXT"
        own={own}
        first={first}
        last={last}
        time={message.createdAt}
        delivery={delivery}
        text={null}
        media={null}
        deleted
      />
    );
  // The server marks a sticker blurred in a chat between minors: any public pack can be imported.
  const media =
    kind === 'PHOTO' && photoUrl ? (
      <ChatPhoto url={photoUrl} blurred={blurred} sensitive={sensitive} note={note} onOpen={onOpenPhoto} />
    ) : kind === 'STICKER' && stickerUrl ? (
      blurred ? (
        <ChatPhoto url={stickerUrl} blurred sensitive={sensitive} alt="Стикер" imageClassName={styles.sticker} />
      ) : (
        <img src={stickerUrl} alt="Стикер" className={styles.sticker} />
      )
    ) : null;
  const quote = message.replyTo ? <ReplyQuote quote={message.replyTo} own={own} /> : undefined;
  return (
    <Bubble
      kind={kind}
      own={own}
      first={first}
      last={last}
      time={message.createdAt}
      delivery={delivery}
      text={message.text}
      media={media}
      quote={quote}
      onMenu={onMenu && (() => onMenu(message))}
    />
  );
}

/** An own message on its way: a clock while sending; 'Не отправлено' with 'Повторить' (same clientId) when it failed. */
export function PendingBubble({
  message,
  first,
  last,
  onRetry,
  onMenu,
}: {
  message: PendingMessage;
  first: boolean;
  last: boolean;
  onRetry(clientId: string): void;
  onMenu(message: PendingMessage): void;
}) {
  const { kind, previewUrl } = message;
  const failed = message.status === 'failed';
  const media = !previewUrl ? null : kind === 'PHOTO' ? (
    <ChatPhoto url={previewUrl} blurred={false} />
  ) : kind === 'STICKER' ? (
    <img src={previewUrl} alt="Стикер" className={styles.sticker} />
  ) : null;
  const footer = !failed ? null : message.refusal ? (
    <p className={styles.refusal} role="alert">
      {message.refusal}
    </p>
  ) : (
    <button type="button" className={styles.retry} onClick={() => onRetry(message.clientId)}>
      {CHAT_TEXT.failed} · <span className={styles.retryAction}>{CHAT_TEXT.resend}</span>
    </button>
  );
  return (
    <Bubble
      kind={kind}
      own
      first={first}
      last={last}
      time={message.createdAt}
      delivery={failed ? 'failed' : 'sending'}
      text={message.text}
      media={media}
      footer={footer}
      onMenu={() => onMenu(message)}
    />
  );
}
