import type { UserListEntry } from '../../../../contracts/users-list';
import { Avatar } from '../../../components/ui/avatar';
import styles from './user-list.module.css';

const ROLE_LABELS: Record<UserListEntry['role'], string> = { USER: 'пользователь', MODERATOR: 'модератор', ADMIN: 'админ' };

const nameOf = (u: UserListEntry) => u.profile?.displayName || [u.firstName, u.lastName].filter(Boolean).join(' ') || 'Без имени';

/** 'role · @username · #id · city' (moderation-admin.md §2 User list). */
function userLine(u: UserListEntry): string {
  return [ROLE_LABELS[u.role], u.username ? `@${u.username}` : null, `#${u.telegramId}`, u.profile?.city || null]
    .filter(Boolean)
    .join(' · ');
}

export function UserRow({ user, onOpen }: { user: UserListEntry; onOpen(): void }) {
  const name = nameOf(user);
  return (
    <li>
      <button type="button" className={styles.row} onClick={onOpen}>
        <Avatar src={user.avatarUrl} letter={name.slice(0, 1)} lazy />
        <span className={styles.text}>
          <span className={styles.name}>
            {name}
            {user.isBanned && <span className={styles.banned}>заблокирован</span>}
          </span>
          <span className={styles.line}>{userLine(user)}</span>
        </span>
      </button>
    </li>
  );
}
