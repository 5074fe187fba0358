import type { UserDetails } from '../../../../api/contracts/admin';
import { ListRow, ListSection } from '../../../components/ui/list-section';
import { ACCOUNT_FIELDS, type AccountFieldKey } from '../lib/account-fields';
import { dateTimeText, ROLE_LABELS } from '../lib/format';

const KEYS: AccountFieldKey[] = ['username', 'firstName', 'lastName'];

/** Role, username and the Telegram names; with rights each name row opens its editor; the ban's reason and date when banned. */
export function AccountSection({
  user,
  canEdit,
  onEdit,
}: {
  user: UserDetails['user'];
  canEdit: boolean;
  onEdit(key: AccountFieldKey): void;
}) {
  return (
    <ListSection title="Аккаунт" footer={canEdit ? undefined : 'Только просмотр: изменять данные могут администраторы.'}>
      <ListRow label="Роль" value={ROLE_LABELS[user.role]} testId="account-role" />
      {KEYS.map((key) => (
        <ListRow
          key={key}
          label={ACCOUNT_FIELDS[key].title}
          value={user[key] ? (key === 'username' ? `@${user[key]}` : user[key]) : 'Не указано'}
          onClick={canEdit ? () => onEdit(key) : undefined}
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
