import { Link, useLocation } from 'react-router-dom';
import { Icon } from '../../components/ui/icon';
import { ADMIN_BAR, isItemActive, MODERATOR_BAR } from './nav-items';
import styles from './bottom-nav.module.css';

/**
 * The admin or moderator bar (by role, see staffAreaFor); Telegram's BackButton leaves the area, so the bar has no back
 * tab, and switching sections replaces the history entry so that one press of it is enough. As tabs on wide screens.
 */
export function StaffNav({ area, variant = 'bar' }: { area: 'admin' | 'moderator'; variant?: 'bar' | 'tabs' }) {
  const { pathname } = useLocation();
  const items = area === 'admin' ? ADMIN_BAR : MODERATOR_BAR;
  return (
    <nav className={variant === 'bar' ? styles.bar : styles.tabs} aria-label={area === 'admin' ? 'Админ-панель' : 'Модерация'}>
      {items.map((item) => {
        const active = isItemActive(item, pathname);
        return (
          <Link
            key={item.to}
            to={item.to}
            replace
            className={`${styles.tab} ${active ? styles.active : ''}`}
            aria-current={active ? 'page' : undefined}
          >
            <Icon name={item.icon} size={24} />
            <span className={styles.label}>{item.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
