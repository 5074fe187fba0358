import { Link, useLocation } from 'react-router-dom';
import { Badge } from '../../components/ui/badge';
import { Icon } from '../../components/ui/icon';
import { useUnread } from '../../lib/counters/unread-store';
import { isItemActive, USER_TABS } from './nav-items';
import styles from './bottom-nav.module.css';

/** The four user tabs with the unread badges. Plain links: NavLink would override aria-current and ignore alsoActive. */
export function BottomNav() {
  const { pathname } = useLocation();
  const unread = useUnread();
  return (
    <nav className={styles.bar} aria-label="Основная навигация">
      {USER_TABS.map((item) => {
        const active = isItemActive(item, pathname);
        return (
          <Link
            key={item.to}
            to={item.to}
            className={`${styles.tab} ${active ? styles.active : ''}`}
            aria-current={active ? 'page' : undefined}
          >
            <span className={styles.iconWrap}>
              <Icon name={item.icon} size={26} />
              {item.badge && <Badge count={unread[item.badge]} label={item.label} />}
            </span>
            <span className={styles.label}>{item.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
