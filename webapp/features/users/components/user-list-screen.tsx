import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { USERS_MESSAGES } from '../../../../contracts/users-list';
import { Button } from '../../../components/ui/button';
import column from '../../../components/ui/column.module.css';
import { ErrorState } from '../../../components/ui/error-state';
import heading from '../../../components/ui/heading.module.css';
import { Icon } from '../../../components/ui/icon';
import { Spinner } from '../../../components/ui/spinner';
import { StateMessage } from '../../../components/ui/state-message';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useUserPages } from '../hooks/use-user-pages';
import styles from './user-list.module.css';
import { UserRow } from './user-row';

/** Loads the next page when the end of the list scrolls into view (where IntersectionObserver exists). */
function useEndOfList(onEnd: () => void, active: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  const reachedEnd = useEffectEvent(() => onEnd());
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !active || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && reachedEnd(), {
      rootMargin: '200px',
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [active]);
  return sentinel;
}

/** The user list of moderators and admins: search (300 ms), infinite scroll and 'Загрузить ещё'; a row opens the user. */
export function UserListScreen() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const pages = useUserPages(q);
  const navigate = useNavigate();
  const sentinel = useEndOfList(pages.loadMore, pages.hasMore && !pages.loading && !pages.error);
  return (
    <section className={`${column.column} ${styles.screen}`} aria-labelledby="users-title">
      <h2 id="users-title" className={heading.heading}>
        Пользователи
      </h2>
      <label className={styles.search}>
        <Icon name="search" size={20} />
        <input
          type="search"
          value={search}
          placeholder="Имя, @username или id"
          aria-label="Поиск пользователей"
          onChange={(e) => setSearch(e.target.value)}
        />
      </label>
      <ul className={styles.list}>
        {pages.users.map((user) => (
          <UserRow key={user.telegramId} user={user} onOpen={() => navigate(`/admin/user/${user.telegramId}`)} />
        ))}
      </ul>
      <div ref={sentinel} />
      {pages.loading && <Spinner />}
      {pages.error && <ErrorState message={USERS_MESSAGES.loadFailed} onRetry={pages.loadMore} />}
      {!pages.loading && !pages.error && pages.users.length === 0 && <StateMessage>Никого не нашли</StateMessage>}
      {!pages.loading && !pages.error && pages.hasMore && (
        <Button variant="secondary" wide onClick={pages.loadMore}>
          Загрузить ещё
        </Button>
      )}
    </section>
  );
}
