import { Link } from 'react-router-dom';
import { Icon } from '../../../components/ui/icon';
import { SEARCH_SETTINGS_PATH, SEARCH_SETTINGS_TEXT } from '../lib/search-settings-text';
import styles from './search-settings.module.css';

/** The explore screen's way to its search settings: a small round button by the title. */
export function SearchSettingsButton() {
  return (
    <div className={styles.anchor}>
      <Link
        to={SEARCH_SETTINGS_PATH}
        className={styles.button}
        aria-label={SEARCH_SETTINGS_TEXT.open}
        title={SEARCH_SETTINGS_TEXT.open}
        data-testid="search-settings-button"
      >
        <Icon name="settings" size={20} />
      </Link>
    </div>
  );
}

/** The empty feed's hint, with 'измените настройки поиска' as the link it promises. */
export function SearchSettingsHint() {
  return (
    <>
      {SEARCH_SETTINGS_TEXT.emptyBefore}
      <Link to={SEARCH_SETTINGS_PATH} className={styles.link} data-testid="search-settings-link">
        {SEARCH_SETTINGS_TEXT.emptyLink}
      </Link>
    </>
  );
}
