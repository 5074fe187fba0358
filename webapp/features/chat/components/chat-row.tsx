import { Link, useNavigate } from 'react-router-dom';
import { CHAT_MESSAGES, type ChatListItem } from '../../../../contracts/chat';
import { formatBadge } from '../../../components/ui/format-badge';
import { formatChatTime } from '../lib/chat-format';
import { CHAT_TEXT } from '../lib/chat-text';
import { closedNotice } from '../lib/closed-chat';
import { readDraft } from '../lib/drafts';
import { ArchiveSwipeRow } from './archive-swipe-row';
import { ChatAvatar } from './chat-avatar';
import styles from './chat-list.module.css';
import { chatPath } from '../../../lib/chat-path';

interface ChatRowProps {
  chat: ChatListItem;
  now?: Date;
  /** A row of /archive (its swipe takes the chat out). */
  archived?: boolean;
  /** Moves the chat to the archive (out of it on /archive). */
  onArchive?: (chatId: string) => void;
}

/** One chat of /chat (end-user.md §2 Messages list); a swipe to the left moves it to or from the archive. */
export function ChatRow({ chat, now, archived = false, onArchive }: ChatRowProps) {
  const navigate = useNavigate();
  const title = chat.title.trim() || CHAT_MESSAGES.untitled;
  // A closed chat has no profile to open, no draft to finish and no last words to show: only why it is closed.
  const closed = closedNotice(chat);
  const draft = closed ? null : readDraft(chat.id);
  const unread = formatBadge(chat.unreadCount);
  return (
    <ArchiveSwipeRow archived={archived} onArchive={() => onArchive?.(chat.id)} className={styles.row}>
      {closed ? (
        <span className={styles.avatarButton}>
          <ChatAvatar title={title} url={null} closed />
        </span>
      ) : (
        <button
          type="button"
          className={styles.avatarButton}
          aria-label={`Профиль: ${title}`}
          onClick={() => navigate(`/u/by-chat/${encodeURIComponent(chat.id)}`)}
        >
          <ChatAvatar title={title} url={chat.avatarUrl} online={chat.isOnline} />
        </button>
      )}
      <Link to={chatPath(chat.id)} className={styles.body}>
        <span className={styles.line}>
          <span className={styles.title}>{title}</span>
          <time className={styles.time}>{formatChatTime(chat.message.time, now)}</time>
        </span>
        <span className={styles.line}>
          <span className={styles.preview}>
            {draft ? (
              <>
                <span className={styles.draft}>{CHAT_TEXT.draft}</span> {draft}
              </>
            ) : (
              (closed ?? chat.message.last ?? CHAT_TEXT.firstMessage)
            )}
          </span>
          {unread && (
            <span className={styles.unread} aria-label={`Непрочитанные: ${unread}`} data-testid="badge">
              {unread}
            </span>
          )}
        </span>
      </Link>
    </ArchiveSwipeRow>
  );
}
