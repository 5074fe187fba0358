import { ADMIN_MESSAGES, type UserDetails } from '../../../../contracts/admin';
import { ListRow, ListSection } from '../../../components/ui/list-section';
import { ACCOUNT_FIELD_TITLES, type AccountFieldKey } from '../lib/account-fields';
import { dateTimeText, ROLE_LABELS } from '../lib/format';

const KEYS: AccountFieldKey[] = ['username', 'firstName', 'lastName'];
const READ_ONLY = 'Только просмотр: изменять данные могут администраторы.';

/** Role, username and the Telegram names, read-only for everyone (Telegram refreshes them); the ban's reason and date when banned. */
export function AccountSection({ user, canEdit }: { user: UserDetails['user']; canEdit: boolean }) {
  const footer = canEdit ? ADMIN_MESSAGES.telegramOwned : `${ADMIN_MESSAGES.telegramOwned}. ${READ_ONLY}`;
  return (
    <ListSection title="Аккаунт" footer={footer}>
      <ListRow label="Роль" value={ROLE_LABELS[user.role]} testId="account-role" />
      {KEYS.map((key) => (
        <ListRow
          key={key}
          label={ACCOUNT_FIELD_TITLES[key]}
          value={user[key] ? (key === 'username' ? `@${user[key]}` : user[key]) : 'Не указано'}
          testId={`account-${key}`}
        />
      ))}
      {user.isBanned && (
        <>
          <ListRow label="Причина блокировки" hint={user.banReason ?? 'Не указана'} tone="destructive" />
          <ListRow label="Дата блокировки" value={dateTimeText(user.bannedAt)} />
        </>
      )}
    </ListSection>
  );
}
