import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { lazyScreen, screenLoader } from '../../lib/react/lazy-screen';
import { useStaffRole } from '../../lib/session/session-store';
import { bottomBarFor, compactTitleFor } from '../route-meta';
import { BottomNav } from './bottom-nav';
import { MobileHeader } from './mobile-header';
import styles from './mobile-layout.module.css';
import { PageTransition } from './page-transition';

// The staff's bars load only for staff (issue 39: a user's start-up neither downloads nor evaluates them).
const StaffNav = lazyScreen(screenLoader(() => import('./staff-nav').then((module) => ({ default: module.StaffNav }))));

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
      {(bar === 'admin' || bar === 'moderator') && (
        <Suspense fallback={null}>
          <StaffNav area={bar} />
        </Suspense>
      )}
    </div>
  );
}
