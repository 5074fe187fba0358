import { useEffect, useState } from 'react';
import type { ChatListItem } from '../../../../contracts/chat';
import { Button } from '../../../components/ui/button';
import { ScreenTitle } from '../../../components/ui/screen-title';
import { Spinner } from '../../../components/ui/spinner';
import { fetchArchivedChats } from '../api/chat-search-api';
import { useChatList } from '../stores/chat-list-store';
import { ChatRow } from './chat-row';
import styles from './chat-list.module.css';

// A chat taken out of the archive is back in the list at once, not after the list's 5 minutes.
const refreshChatList = () => void useChatList.getState().load(true);

export const ARCHIVE_TEXT = { title: 'Архив', empty: 'В архиве нет чатов', error: 'Ошибка загрузки', retry: 'Повторить' } as const;

/** /archive (AMENDMENTS §4.2): the archived chats, in the chat list's rows. */
export default function ArchiveScreen() {
  const [state, setState] = useState<{ phase: 'loading' | 'error' } | { phase: 'ready'; items: ChatListItem[] }>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    fetchArchivedChats().then(
      (items) => live && setState({ phase: 'ready', items }),
      () => live && setState({ phase: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  return (
    <section className={styles.screen}>
      <ScreenTitle>{ARCHIVE_TEXT.title}</ScreenTitle>
      {state.phase === 'loading' && <Spinner />}
      {state.phase === 'error' && (
        <div className={styles.state} role="alert">
          <p>{ARCHIVE_TEXT.error}</p>
          <Button onClick={() => (setState({ phase: 'loading' }), setAttempt((n) => n + 1))}>{ARCHIVE_TEXT.retry}</Button>
        </div>
      )}
      {state.phase === 'ready' && state.items.length === 0 && <p className={styles.state}>{ARCHIVE_TEXT.empty}</p>}
      {state.phase === 'ready' && state.items.length > 0 && (
        <ul className={styles.list} aria-label={ARCHIVE_TEXT.title}>
          {state.items.map((chat) => (
            <ChatRow key={chat.id} chat={chat} archived onArchiveChange={refreshChatList} />
          ))}
        </ul>
      )}
    </section>
  );
}
