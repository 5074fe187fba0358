import { Link } from 'react-router-dom';
import { CHAT_MESSAGES, type ChatListItem } from '../../../../contracts/chat';
import { ChatAvatar } from './chat-avatar';
import { chatPath } from '../../../lib/chat-path';
import styles from './new-matches-row.module.css';

/** A match nobody has written in yet (no message ever sent; a closed chat is not offered). */
export const isNewMatch = (chat: ChatListItem): boolean => chat.lastSeq === 0 && !chat.readOnly;

/** 'Новые матчи': the matches without a first message, as a horizontal row over the chat list. */
export function NewMatchesRow({ chats }: { chats: ChatListItem[] }) {
  if (chats.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="new-matches-title">
      <h3 id="new-matches-title" className={styles.title}>
        Новые матчи
      </h3>
      <ul className={styles.row}>
        {chats.map((chat) => {
          const title = chat.title.trim() || CHAT_MESSAGES.untitled;
          return (
            <li key={chat.id}>
              <Link to={chatPath(chat.id)} className={styles.match} aria-label={`Написать: ${title}`}>
                <ChatAvatar title={title} url={chat.avatarUrl} online={chat.isOnline} size={64} />
                <span className={styles.name}>{title}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
