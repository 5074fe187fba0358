import type { ReactNode } from 'react';
import styles from './notice-screen.module.css';

export interface NoticeScreenProps {
  /** An emoji shown large above the title. */
  symbol: string;
  title: string;
  tone?: 'neutral' | 'danger' | 'accent';
  children?: ReactNode;
  actions?: ReactNode;
}

/** A full-screen message: start-up gates, onboarding stages; mark paragraphs data-tone="detail" or "hint" for quieter text. */
export function NoticeScreen({ symbol, title, tone = 'neutral', children, actions }: NoticeScreenProps) {
  return (
    <main className={styles.screen} data-testid="notice-screen">
      <div className={styles.card}>
        <div className={`${styles.symbol} ${styles[tone]}`} aria-hidden="true">
          {symbol}
        </div>
        <h1 className={styles.title}>{title}</h1>
        <div className={styles.text}>{children}</div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </main>
  );
}
