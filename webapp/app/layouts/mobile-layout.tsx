import { Outlet, useLocation } from 'react-router-dom';
import { useStaffRole } from '../../lib/session/session-store';
import { bottomBarFor, compactTitleFor } from '../route-meta';
import { BottomNav } from './bottom-nav';
import { MobileHeader } from './mobile-header';
import styles from './mobile-layout.module.css';
import { PageTransition } from './page-transition';
import { StaffNav } from './staff-nav';

/** Below 1024 px: a compact title on sub-screens only, the page, and the bottom bar of the current area. */
export function MobileLayout() {
  const { pathname } = useLocation();
  const title = compactTitleFor(pathname);
  const bar = bottomBarFor(pathname, useStaffRole());
  return (
    <div className={`${styles.shell} ${bar === 'none' ? '' : styles.withBar} ${title ? '' : styles.headerless}`} data-layout="mobile">
      {title && <MobileHeader title={title} />}
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
