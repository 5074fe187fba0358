import { Outlet, useLocation } from 'react-router-dom';
import { useStaffRole } from '../../features/session/stores/session-store';
import { getAppConfig } from '../../lib/app-config';
import { bottomBarFor, titleForPath } from '../route-meta';
import { BottomNav } from './bottom-nav';
import { MobileHeader } from './mobile-header';
import styles from './mobile-layout.module.css';
import { PageTransition } from './page-transition';
import { StaffNav } from './staff-nav';

/** Below 1024 px: the 100 px header, the page, and the bottom bar of the current area. */
export function MobileLayout() {
  const { pathname } = useLocation();
  const { productName } = getAppConfig();
  const title = titleForPath(pathname, productName);
  const bar = bottomBarFor(pathname, useStaffRole());
  return (
    <div className={`${styles.shell} ${bar === 'none' ? '' : styles.withBar}`} data-layout="mobile">
      <MobileHeader title={title} isProductName={title === productName} />
      <main className={styles.content}>
        <PageTransition>
          <Outlet />
        </PageTransition>
      </main>
      {bar === 'user' && <BottomNav />}
      {bar === 'admin' && <StaffNav area="admin" />}
      {bar === 'moderator' && <StaffNav area="moderator" />}
    </div>
  );
}
