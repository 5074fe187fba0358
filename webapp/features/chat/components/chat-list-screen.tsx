import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import iconButton from '../../../components/ui/icon-button.module.css';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toast-store';
import { takeOverEarlyCard } from '../../../lib/early-card-handoff';
import { ServerState } from '../../../lib/query/server-state';
import { useChannel } from '../../../lib/realtime/use-channel';
import { useCatchUp } from '../hooks/use-catch-up';
import { useArchiveChat, useChatList } from '../hooks/use-chat-list';
import { truncateTitles } from '../lib/chat-format';
import { CHAT_TEXT } from '../lib/chat-text';
import { ChatRow } from './chat-row';
import { isNewMatch, NewMatchesRow } from './new-matches-row';
import styles from './chat-list.module.css';

/** /chat: the user's chats, live over ch:'chats' (end-user.md §2 Messages list, §4 Chat list). */
export default function ChatListScreen() {
  return (
    <ServerState>
      <ChatList />
    </ServerState>
  );
}

function ChatList() {
  const { chats: items, failed, settled, refreshing, hasMore, loadingMore, archive, refresh: reload, loadMore } = useChatList();
  const archiveChat = useArchiveChat(true);
  const refresh = () => void reload();
  const refreshByHand = () => void reload().then((ok) => ok || showToast({ text: CHAT_TEXT.listError, tone: 'error' }));
  const dropped = useRef(false);
  // Matches without a first message sit in their own row at the top until someone writes.
  const newMatches = items?.filter(isNewMatch) ?? [];
  const chats = items?.filter((chat) => !isNewMatch(chat)) ?? [];
  // The pushes themselves reach the list's query cache app-wide (useChatListLive); those missed while the socket was
  // down or the app slept are caught up by asking the list again.
  useChannel(
    'chats',
    () => undefined,
    (status) => {
      if (status === 'open' && dropped.current) refresh();
      dropped.current = status === 'closed';
    },
  );
  useCatchUp(refresh);
  // The page's plain-DOM list (webapp/boot) gives way in the frame this screen first draws the list with its archive row.
  useLayoutEffect(() => {
    if (settled) takeOverEarlyCard();
  }, [settled]);
  return (
    <section className={styles.screen} aria-labelledby="chat-list-title">
      <header className={styles.top}>
        <h2 id="chat-list-title" className={styles.heading}>
          {CHAT_TEXT.listTitle}
        </h2>
        <button
          type="button"
          className={`${iconButton.iconButton} ${styles.refresh}`}
          aria-label={CHAT_TEXT.refresh}
          aria-busy={refreshing || undefined}
          onClick={refreshByHand}
        >
          <Icon name="refresh" size={20} strokeWidth={2} />
        </button>
      </header>
      {items === null && !failed && <Spinner />}
      {failed && (
        <div className={styles.state} role="alert">
          <p>{CHAT_TEXT.listError}</p>
          <div className={styles.actions}>
            <Button onClick={refresh}>{CHAT_TEXT.retry}</Button>
            <Button variant="secondary" onClick={() => window.location.reload()}>
              {CHAT_TEXT.refresh}
            </Button>
          </div>
        </div>
      )}
      {items !== null && (
        <>
          {archive && archive.messageCount > 0 && (
            <Link to="/archive" className={styles.archive}>
              <Icon name="archive" size={22} />
              <span className={styles.body}>
                <span className={styles.line}>
                  <span className={styles.title}>{CHAT_TEXT.archive}</span>
                  <span className={styles.time}>{archive.messageCount}</span>
                </span>
                <span className={styles.preview}>{truncateTitles(archive.chatTitles)}</span>
              </span>
            </Link>
          )}
          {items.length === 0 ? (
            <div className={styles.state}>
              <p className={styles.emptyTitle}>{CHAT_TEXT.emptyTitle}</p>
              <p>{CHAT_TEXT.emptyHint}</p>
              <div className={styles.actions}>
                <Button onClick={refresh}>{CHAT_TEXT.refresh}</Button>
                <Link to="/explore" className={styles.link}>
                  {CHAT_TEXT.toExplore}
                </Link>
              </div>
            </div>
          ) : (
            <>
              <NewMatchesRow chats={newMatches} />
              <ul className={styles.list} aria-label="Чаты">
                {chats.map((chat) => (
                  <ChatRow key={chat.id} chat={chat} onArchive={archiveChat} />
                ))}
              </ul>
            </>
          )}
          {hasMore && (
            <Button variant="secondary" wide disabled={loadingMore} onClick={loadMore}>
              {CHAT_TEXT.loadMore}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
