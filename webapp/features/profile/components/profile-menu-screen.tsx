import { Link } from 'react-router-dom';
import column from '../../../components/ui/column.module.css';
import { Icon, type IconName } from '../../../components/ui/icon';
import { ListRow, ListSection } from '../../../components/ui/list-section';
import { ScreenTitle } from '../../../components/ui/screen-title';
import { getAppConfig } from '../../../lib/app-config';
import { useSession } from '../../../lib/session/session-store';
import { ProfileHeader } from './profile-header';
import styles from './profile-menu.module.css';
import { VersionFooter } from './version-footer';

const QUICK_ACTIONS: ReadonlyArray<{ to: string; label: string; icon: IconName }> = [
  { to: '/explore', label: 'Смотреть анкеты', icon: 'cards' },
  { to: '/likes', label: 'Кто меня лайкнул', icon: 'heart' },
  { to: '/chat', label: 'Сообщения', icon: 'chat' },
  { to: '/likes-history', label: 'История лайков', icon: 'archive' },
];

/** The wide layout's side column: quick actions and a word about moderation and support. */
function WideAside({ supportHandle }: { supportHandle: string }) {
  return (
    <aside className={styles.aside} aria-label="Быстрые действия">
      <nav className={styles.quick}>
        {QUICK_ACTIONS.map((a) => (
          <Link key={a.to} to={a.to} className={styles.quickItem}>
            <Icon name={a.icon} size={20} />
            {a.label}
          </Link>
        ))}
      </nav>
      <div className={styles.infoBox}>
        <p className={styles.infoTitle}>Безопасно и бережно</p>
        <p>Каждую анкету и каждое изменение проверяет модератор. Если что-то пошло не так — напишите нам: {supportHandle}.</p>
      </div>
    </aside>
  );
}

/** /profile (end-user.md §2 Profile menu): header, help, settings, staff entries by role, version footer. */
export default function ProfileMenuScreen() {
  const user = useSession((s) => s.user);
  const { supportHandle } = getAppConfig();
  if (!user) return null;
  const staff = user.isModerator || user.isAdmin;
  return (
    <div className={styles.layout}>
      <div className={`${column.column} ${styles.screen}`}>
        <ScreenTitle>Профиль</ScreenTitle>
        <ProfileHeader user={user} />
        <ListSection label="Помощь">
          <ListRow icon="help" label="Справка" to="/help" />
          <ListRow icon="info" label="Наша позиция" to="/about-position" />
        </ListSection>
        <ListSection title="Настройки">
          <ListRow icon="user" label="Моя анкета" to="/my-profile" />
          <ListRow icon="lock" label="Приватность" to="/privacy" />
          <ListRow icon="moon" label="Оформление" to="/theme" />
          <ListRow icon="bell" label="Уведомления" to="/notifications" />
        </ListSection>
        {staff && (
          <ListSection title="Команда">
            <ListRow icon="shield" label="Панель модерации" to="/moderation" />
            {user.isAdmin && <ListRow icon="database" label="Админ-панель" to="/admin" />}
          </ListSection>
        )}
        <VersionFooter />
      </div>
      <WideAside supportHandle={supportHandle} />
    </div>
  );
}
