import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { earlyPaintShown } from '../../lib/early-card-handoff';
import styles from './page-transition.module.css';

/** A 150 ms entrance for each new page; none for the page the early paint (webapp/boot) already shows, so its hand-off does not fade. */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [shownEarly] = useState(() => (earlyPaintShown() ? pathname : null));
  return (
    <div key={pathname} className={pathname === shownEarly ? undefined : styles.page}>
      {children}
    </div>
  );
}
