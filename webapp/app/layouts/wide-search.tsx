import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ChatListItem } from '../../../contracts/chat';
import { Icon } from '../../components/ui/icon';
import styles from './wide-search.module.css';

const DEBOUNCE_MS = 250;
const SEARCH_TEXT = {
  placeholder: 'Поиск чатов по имени',
  label: 'Поиск чатов',
  none: 'Чатов с таким именем нет',
  error: 'Ошибка загрузки',
} as const;

type Results = { text: string; items: ChatListItem[] } | { text: string; error: true } | null;

/** The desktop header's search (AMENDMENTS §4.2): the user's chats whose peer's name matches, found on the server. */
export function WideSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [results, setResults] = useState<Results>(null);
  const query = text.trim();
  // An emptied box forgets the last results at once, adjusted while rendering.
  if (!query && results !== null) setResults(null);
  useEffect(() => {
    if (!query) return undefined;
    const aborter = new AbortController();
    const timer = setTimeout(() => {
      // Its schemas (the chat contract) load with the first search, not with every launch's initial chunk.
      import('../../features/chat/api/chat-search-api')
        .then(({ searchChats }) => searchChats(query, aborter.signal))
        .then(
          (items) => setResults({ text: query, items }),
          () => !aborter.signal.aborted && setResults({ text: query, error: true }),
        );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      aborter.abort();
    };
  }, [query]);
  const open = (chatId: string) => {
    setText('');
    navigate(`/messages/${encodeURIComponent(chatId)}`);
  };
  const shown = results && results.text === query ? results : null;
  return (
    <form
      className={styles.search}
      role="search"
      onSubmit={(event) => (event.preventDefault(), shown && 'items' in shown && shown.items[0] && open(shown.items[0].id))}
    >
      <Icon name="search" size={18} />
      <input
        type="search"
        placeholder={SEARCH_TEXT.placeholder}
        aria-label={SEARCH_TEXT.label}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && setText('')}
      />
      {shown && (
        <ul className={styles.results} aria-label="Найденные чаты">
          {'error' in shown && <li className={styles.note}>{SEARCH_TEXT.error}</li>}
          {'items' in shown && shown.items.length === 0 && <li className={styles.note}>{SEARCH_TEXT.none}</li>}
          {'items' in shown &&
            shown.items.map((chat) => (
              <li key={chat.id}>
                <button type="button" className={styles.result} onClick={() => open(chat.id)}>
                  <span className={styles.name}>{chat.title}</span>
                  <span className={styles.preview}>{chat.message.last}</span>
                </button>
              </li>
            ))}
        </ul>
      )}
    </form>
  );
}
