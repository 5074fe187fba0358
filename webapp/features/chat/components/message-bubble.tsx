import { useRef, useState } from 'react';
import type { ChatMessage } from '../../../../api/contracts/chat';
import { formatMessageTime } from '../lib/chat-format';
import { CHAT_TEXT } from '../lib/chat-text';
import type { PendingMessage } from '../lib/conversation-state';
import styles from './chat-screen.module.css';

/** A photo from the peer arrives blurred; 'Показать' reveals it (AMENDMENTS §1.5). */
export function ChatPhoto({ url, blurred }: { url: string; blurred: boolean }) {
  const [shown, setShown] = useState(!blurred);
  return (
    <span className={styles.photoWrap}>
      <img src={url} alt="Фото" className={`${styles.photo} ${shown ? '' : styles.blurred}`} data-blurred={shown ? undefined : 'true'} loading="lazy" />
      {!shown && (
        <button type="button" className={styles.reveal} onClick={() => setShown(true)}>
          {CHAT_TEXT.show}
        </button>
      )}
    </span>
  );
}

interface BubbleProps {
  own: boolean;
  first: boolean;
  last: boolean;
  time: string;
  sending?: boolean;
  failed?: boolean;
  children: React.ReactNode;
  /** Long press or the context menu (AMENDMENTS §1.5: every message can be reported). */
  onMenu?: () => void;
}

export const LONG_PRESS_MS = 500;

function Bubble({ own, first, last, time, sending, failed, children, onMenu }: BubbleProps) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const press = onMenu
    ? {
        onContextMenu: (e: React.MouseEvent) => {
          e.preventDefault();
          cancel();
          onMenu();
        },
        onPointerDown: () => {
          cancel();
          timer.current = setTimeout(onMenu, LONG_PRESS_MS);
        },
        onPointerUp: cancel,
        onPointerLeave: cancel,
        onPointerCancel: cancel,
      }
    : {};
  return (
    <li className={`${styles.item} ${own ? styles.own : styles.theirs} ${first ? styles.first : ''}`} data-own={own ? 'true' : 'false'} data-first={first ? 'true' : 'false'}>
      <div className={styles.bubble} aria-busy={sending || undefined} {...press}>
        {children}
        {last && (
          <span className={styles.meta}>
            {failed ? '⚠ Не отправлено' : sending ? <span aria-label={CHAT_TEXT.sending}>🕓</span> : formatMessageTime(time)}
          </span>
        )}
      </div>
    </li>
  );
}

function Content({ type, text, photoUrl, stickerUrl, blurred }: { type: ChatMessage['messageType']; text: string | null; photoUrl: string | null; stickerUrl: string | null; blurred: boolean }) {
  return (
    <>
      {type === 'PHOTO' && photoUrl && <ChatPhoto url={photoUrl} blurred={blurred} />}
      {type === 'STICKER' && stickerUrl && <img src={stickerUrl} alt="Стикер" className={styles.sticker} />}
      {text && <span className={styles.text}>{text}</span>}
    </>
  );
}

export function MessageBubble({ message, own, first, last, onMenu }: { message: ChatMessage; own: boolean; first: boolean; last: boolean; onMenu?: (message: ChatMessage) => void }) {
  return (
    <Bubble own={own} first={first} last={last} time={message.createdAt} onMenu={onMenu && (() => onMenu(message))}>
      <Content type={message.messageType} text={message.text} photoUrl={message.photoUrl} stickerUrl={message.stickerUrl} blurred={message.blurred && !own} />
    </Bubble>
  );
}

export function PendingBubble({ message, first, last }: { message: PendingMessage; first: boolean; last: boolean }) {
  return (
    <Bubble own first={first} last={last} time={message.createdAt} sending={!message.failed} failed={message.failed}>
      <Content type={message.kind} text={message.text} photoUrl={message.previewUrl} stickerUrl={message.previewUrl} blurred={false} />
    </Bubble>
  );
}
