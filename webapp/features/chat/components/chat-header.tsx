import { useNavigate } from 'react-router-dom';
import { CHAT_MESSAGES, type ChatInfo } from '../../../../api/contracts/chat';
import iconButton from '../../../components/ui/icon-button.module.css';
import { CHAT_TEXT } from '../lib/chat-text';
import { ChatAvatar } from './chat-avatar';
import { ChatPeerMenu } from './chat-peer-menu';
import styles from './chat-header.module.css';

/** Back, then the peer: avatar, title and 'В сети' / 'Был недавно' (tapping opens their profile); report and block while the chat is open. */
export function ChatHeader({ chatId, info }: { chatId: string; info: ChatInfo | null }) {
  const navigate = useNavigate();
  const title = info?.title.trim() || CHAT_MESSAGES.untitled;
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
            <span className={info.isOnline ? styles.online : styles.offline}>{info.isOnline ? CHAT_TEXT.online : CHAT_TEXT.recently}</span>
          </span>
        </button>
      )}
      {info?.peerUserId && !info.readOnly && <ChatPeerMenu peerUserId={info.peerUserId} />}
    </header>
  );
}
