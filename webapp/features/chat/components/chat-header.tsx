import { useNavigate } from 'react-router-dom';
import { CHAT_MESSAGES, type ChatInfo } from '../../../../api/contracts/chat';
import iconButton from '../../../components/ui/icon-button.module.css';
import { CHAT_TEXT } from '../lib/chat-text';
import { ChatAvatar } from './chat-avatar';
import { ChatPeerMenu } from './chat-peer-menu';
import styles from './chat-header.module.css';

interface ChatHeaderProps {
  chatId: string;
  info: ChatInfo | null;
  /** The chat socket is down: 'Соединение…' replaces the status line. */
  connecting?: boolean;
  peerTyping?: boolean;
}

/** The status line: the connection first, then 'печатает…', then presence. */
function statusOf(info: ChatInfo, connecting: boolean, typing: boolean): { text: string; className: string | undefined } {
  if (connecting) return { text: CHAT_TEXT.connecting, className: styles.offline };
  if (typing && !info.readOnly) return { text: CHAT_TEXT.typing, className: styles.online };
  return info.isOnline ? { text: CHAT_TEXT.online, className: styles.online } : { text: CHAT_TEXT.recently, className: styles.offline };
}

/** Back, then the peer: avatar, title and status (tapping opens their profile); report and block while the chat is open. */
export function ChatHeader({ chatId, info, connecting = false, peerTyping = false }: ChatHeaderProps) {
  const navigate = useNavigate();
  const title = info?.title.trim() || CHAT_MESSAGES.untitled;
  const status = info && statusOf(info, connecting, peerTyping);
  return (
    <header className={styles.header}>
      <button type="button" className={`${iconButton.iconButton} ${styles.back}`} aria-label={CHAT_TEXT.back} onClick={() => navigate('/chat')}>
        <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="m15 5-7 7 7 7" />
        </svg>
      </button>
      {info && (
        <button type="button" className={styles.peer} onClick={() => navigate(`/u/by-chat/${encodeURIComponent(chatId)}`)} aria-label={`Профиль: ${title}`}>
          <ChatAvatar title={title} url={info.avatarUrl} size={40} />
          <span className={styles.text}>
            <span className={styles.title}>{title}</span>
            <span className={status?.className} aria-live="polite" data-testid="chat-status">
              {status?.text}
            </span>
          </span>
        </button>
      )}
      {!info && connecting && (
        <span className={`${styles.text} ${styles.offline}`} aria-live="polite" data-testid="chat-status">
          {CHAT_TEXT.connecting}
        </span>
      )}
      {info?.peerUserId && !info.readOnly && <ChatPeerMenu peerUserId={info.peerUserId} />}
    </header>
  );
}
