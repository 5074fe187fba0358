import styles from './mobile-header.module.css';

/** A sub-screen's compact title under Telegram's own title bar, which already names the app and holds BackButton. */
export function MobileHeader({ title }: { title: string }) {
  return (
    <header className={styles.header}>
      <h1 className={styles.title} data-testid="header-title">
        {title}
      </h1>
    </header>
  );
}
