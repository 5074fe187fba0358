import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import styles from './page-transition.module.css';

/** A 150 ms entrance for each new page. */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div key={pathname} className={styles.page}>
      {children}
    </div>
  );
}
