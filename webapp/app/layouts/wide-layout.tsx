import { Outlet, useLocation } from 'react-router-dom';
import { useStaffRole } from '../../lib/session/session-store';
import { getAppConfig } from '../../lib/app-config';
import { staffAreaFor, titleForPath } from '../route-meta';
import { PageTransition } from './page-transition';
import { Sidebar } from './sidebar';
import { StaffNav } from './staff-nav';
import { useSidebarCollapsed } from './use-sidebar-collapsed';
import { WideHeader } from './wide-header';
import styles from './wide-layout.module.css';

/** From 1024 px: fixed header, sidebar, and the page in a centred column. */
export function WideLayout({ width }: { width: number }) {
  const { pathname } = useLocation();
  const { productName } = getAppConfig();
  const [collapsed, toggle] = useSidebarCollapsed(width);
  const title = titleForPath(pathname, productName);
  const staffArea = staffAreaFor(pathname, useStaffRole());
  return (
    <div className={`${styles.shell} ${collapsed ? styles.shellCollapsed : ''}`} data-layout="wide">
      <WideHeader productName={productName} onToggleSidebar={toggle} />
      <Sidebar collapsed={collapsed} />
      <main className={styles.main}>
        <div className={styles.column}>
          {title !== productName && <h1 className={styles.pageTitle}>{title}</h1>}
          {staffArea && <StaffNav area={staffArea} variant="tabs" />}
          <PageTransition>
            <Outlet />
          </PageTransition>
        </div>
      </main>
    </div>
  );
}
