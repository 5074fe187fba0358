import { Link, useLocation } from 'react-router-dom';
import { Badge } from '../../components/ui/badge';
import { formatBadge } from '../../components/ui/format-badge';
import { Icon } from '../../components/ui/icon';
import { useUnread } from '../../lib/counters/unread-store';
import { useIsAdmin } from '../../lib/session/session-store';
import { isItemActive, SIDEBAR_ITEMS } from './nav-items';
import styles from './wide-layout.module.css';

/** Desktop navigation; collapsed it shows icons only. The admin entry is for admins only. */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const { pathname } = useLocation();
  const isAdmin = useIsAdmin();
  const unread = useUnread();
  return (
    <nav className={`${styles.sidebar} ${collapsed ? styles.collapsed : ''}`} aria-label="Меню" data-collapsed={collapsed}>
      {SIDEBAR_ITEMS.filter((item) => isAdmin || !item.adminOnly).map((item) => {
        const active = isItemActive(item, pathname);
        return (
          <Link
            key={item.to}
            to={item.to}
            className={`${styles.item} ${active ? styles.active : ''}`}
            title={collapsed ? item.label : undefined}
            aria-label={item.label}
            aria-current={active ? 'page' : undefined}
          >
            <span className={styles.badgeWrap}>
              <Icon name={item.icon} />
              {item.badge && collapsed && <Badge count={unread[item.badge]} label={item.label} />}
            </span>
            <span className={styles.itemLabel}>{item.label}</span>
            {item.badge && !collapsed && formatBadge(unread[item.badge]) && (
              <span className={styles.count}>{formatBadge(unread[item.badge])}</span>
            )}
          </Link>
        );
      })}
    </nav>
  );
}
