import { getAppConfig } from '../../../lib/app-config';
import { useResetTaps } from '../lib/use-reset-taps';
import styles from './profile-menu.module.css';

/** The version (end-user.md §1); its fifth tap in a row wipes local data and closes the app. */
export function VersionFooter() {
  const tap = useResetTaps();
  return (
    <footer className={styles.footer}>
      <button type="button" className={styles.version} onClick={tap} data-testid="app-version">
        {getAppConfig().version}
      </button>
    </footer>
  );
}
