import { useNavigate } from 'react-router-dom';
import { CHAT_MESSAGES, type ChatInfo } from '../../../../contracts/chat';
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

/** The status line: the connection first, then 'печатает…', then presence; a closed chat tells no presence. */
function statusOf(info: ChatInfo, connecting: boolean, typing: boolean): { text: string; className: string | undefined } | null {
  if (connecting) return { text: CHAT_TEXT.connecting, className: styles.offline };
  if (info.readOnly) return null;
  if (typing) return { text: CHAT_TEXT.typing, className: styles.online };
  return info.isOnline ? { text: CHAT_TEXT.online, className: styles.online } : { text: CHAT_TEXT.recently, className: styles.offline };
}

/** The avatar (a lock for a closed chat), the title and the status line. */
function PeerLine({ info, title, status }: { info: ChatInfo; title: string; status: ReturnType<typeof statusOf> }) {
  return (
    <>
      <ChatAvatar title={title} url={info.avatarUrl} size={40} closed={info.readOnly} />
      <span className={styles.text}>
        <span className={styles.title}>{title}</span>
        {status && (
          <span className={status.className} aria-live="polite" data-testid="chat-status">
            {status.text}
          </span>
        )}
      </span>
    </>
  );
}

/** The chat's one header (Telegram's BackButton leads back): the peer's avatar, title and status (tapping opens their profile); report and block while the chat is open. */
export function ChatHeader({ chatId, info, connecting = false, peerTyping = false }: ChatHeaderProps) {
  const navigate = useNavigate();
  const title = info?.title.trim() || CHAT_MESSAGES.untitled;
  const status = info && statusOf(info, connecting, peerTyping);
  return (
    <header className={styles.header}>
      {info?.readOnly && (
        // Nobody to open: the same lock and title as the chat's row, and no presence.
        <span className={styles.peer}>
          <PeerLine info={info} title={title} status={status} />
        </span>
      )}
      {info && !info.readOnly && (
        <button
          type="button"
          className={styles.peer}
          onClick={() => navigate(`/u/by-chat/${encodeURIComponent(chatId)}`)}
          title="Открыть профиль"
        >
          <PeerLine info={info} title={title} status={status} />
        </button>
      )}
      {!info && connecting && (
        <span className={`${styles.text} ${styles.offline}`} aria-live="polite" data-testid="chat-status">
          {CHAT_TEXT.connecting}
        </span>
      )}
      {info?.peerUserId && !info.readOnly && <ChatPeerMenu peerUserId={info.peerUserId} chatId={info.chatId} archived={info.archived} />}
    </header>
  );
}
