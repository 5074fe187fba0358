import { Link, useLocation } from 'react-router-dom';
import { Icon } from '../../components/ui/icon';
import { ADMIN_BAR, isItemActive, MODERATOR_BAR, STAFF_BACK } from './nav-items';
import styles from './bottom-nav.module.css';

/** The admin or moderator bar (by role, see staffAreaFor): a back button to /profile, then the sections. As tabs on wide screens. */
export function StaffNav({ area, variant = 'bar' }: { area: 'admin' | 'moderator'; variant?: 'bar' | 'tabs' }) {
  const { pathname } = useLocation();
  const items = area === 'admin' ? ADMIN_BAR : MODERATOR_BAR;
  return (
    <nav className={variant === 'bar' ? styles.bar : styles.tabs} aria-label={area === 'admin' ? 'Админ-панель' : 'Модерация'}>
      <Link to={STAFF_BACK.to} className={`${styles.tab} ${styles.back}`}>
        <Icon name={STAFF_BACK.icon} size={24} />
        <span className={styles.label}>{STAFF_BACK.label}</span>
      </Link>
      {items.map((item) => {
        const active = isItemActive(item, pathname);
        return (
          <Link key={item.to} to={item.to} className={`${styles.tab} ${active ? styles.active : ''}`} aria-current={active ? 'page' : undefined}>
            <Icon name={item.icon} size={24} />
            <span className={styles.label}>{item.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
