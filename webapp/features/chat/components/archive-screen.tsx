import { Button } from '../../../components/ui/button';
import { ScreenTitle } from '../../../components/ui/screen-title';
import { Spinner } from '../../../components/ui/spinner';
import { ServerState } from '../../../lib/query/server-state';
import { useArchiveChat, useArchivedChats } from '../hooks/use-chat-list';
import { ChatRow } from './chat-row';
import styles from './chat-list.module.css';

const ARCHIVE_TEXT = { title: 'Архив', empty: 'В архиве нет чатов', error: 'Ошибка загрузки', retry: 'Повторить' } as const;

/** /archive (AMENDMENTS §4.2): the archived chats, in the chat list's rows. */
export default function ArchiveScreen() {
  return (
    <ServerState>
      <Archive />
    </ServerState>
  );
}

function Archive() {
  const { chats, failed, retry } = useArchivedChats();
  // A chat taken out is back in the chat list at once, not after the list's 5 minutes (the cache asks it again).
  const unarchive = useArchiveChat(false);
  return (
    <section className={styles.screen}>
      <ScreenTitle>{ARCHIVE_TEXT.title}</ScreenTitle>
      {chats === null && !failed && <Spinner />}
      {failed && (
        <div className={styles.state} role="alert">
          <p>{ARCHIVE_TEXT.error}</p>
          <Button onClick={retry}>{ARCHIVE_TEXT.retry}</Button>
        </div>
      )}
      {chats?.length === 0 && <p className={styles.state}>{ARCHIVE_TEXT.empty}</p>}
      {chats && chats.length > 0 && (
        <ul className={styles.list} aria-label={ARCHIVE_TEXT.title}>
          {chats.map((chat) => (
            <ChatRow key={chat.id} chat={chat} archived onArchive={unarchive} />
          ))}
        </ul>
      )}
    </section>
  );
}
