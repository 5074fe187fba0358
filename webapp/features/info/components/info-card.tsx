import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../../components/ui/icon';
import styles from './info-page.module.css';

/** One titled section of a static page. */
export function InfoCard({ icon, title, children }: { icon: IconName; title: string; children: ReactNode }) {
  return (
    <section className={styles.card} aria-label={title}>
      <div className={styles.cardHead}>
        <span className={styles.emoji} aria-hidden="true">
          <Icon name={icon} size={20} />
        </span>
        <h3 className={styles.cardTitle}>{title}</h3>
      </div>
      {children}
    </section>
  );
}
