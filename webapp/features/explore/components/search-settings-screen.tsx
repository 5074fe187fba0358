import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LOOKING_FOR, type LookingFor } from '../../../../contracts/profile-fields';
import { SEARCH_SETTINGS_MESSAGES, SEARCH_SHOW, type SearchSettings } from '../../../../contracts/search-settings';
import { LOOKING_FOR_LABELS } from '../../../components/profile-card/profile-labels';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { ListSection } from '../../../components/ui/list-section';
import { ScreenTitle } from '../../../components/ui/screen-title';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api/api-error';
import { haptics } from '../../../lib/telegram/haptics';
import { fetchSearchSettings, saveSearchSettings } from '../api/search-settings-api';
import { releaseFirstCard } from '../lib/first-card';
import { clearPersistedCard } from '../lib/persisted-card';
import { SEARCH_SETTINGS_TEXT as T, SHOW_LABELS } from '../lib/search-settings-text';
import styles from './search-settings.module.css';

/** /search-settings (AMENDMENTS §4.1): 'Кого показывать' and the looking-for filter; saving reloads the feed. */
export default function SearchSettingsScreen() {
  const [settings, setSettings] = useState<SearchSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    const controller = new AbortController();
    fetchSearchSettings(controller.signal).then(
      ({ show, lookingFor }) => setSettings({ show, lookingFor }),
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = () => {
    setFailed(false);
    setAttempt((n) => n + 1);
  };

  const toggle = (value: LookingFor) => {
    haptics.select();
    setSettings(
      (s) => s && { ...s, lookingFor: s.lookingFor.includes(value) ? s.lookingFor.filter((v) => v !== value) : [...s.lookingFor, value] },
    );
  };

  const save = async () => {
    if (!settings) return;
    setSaving(true);
    try {
      await saveSearchSettings(settings);
      // The card kept from the last visit was chosen under the old settings: the feed starts over.
      clearPersistedCard();
      releaseFirstCard();
      haptics.notify('success');
      showToast({ text: SEARCH_SETTINGS_MESSAGES.saved, tone: 'success', durationMs: 2000 });
      if (location.key === 'default') navigate('/explore', { replace: true });
      else navigate(-1);
    } catch (err) {
      haptics.notify('error');
      showToast({
        text: T.saveFailed,
        description: err instanceof ApiError && err.status === 400 ? err.message : undefined,
        tone: 'error',
      });
      setSaving(false);
    }
  };

  if (failed) {
    return (
      <div className={styles.screen}>
        <ScreenTitle>{T.title}</ScreenTitle>
        <ErrorState className={styles.state} message={T.loadFailed} onRetry={retry} />
      </div>
    );
  }
  if (!settings) return <Spinner />;
  return (
    <div className={styles.screen}>
      <ScreenTitle>{T.title}</ScreenTitle>
      <ListSection title={T.show}>
        <li>
          <fieldset className={styles.options} aria-label={T.show}>
            {SEARCH_SHOW.map((value) => (
              <label key={value} className={styles.option}>
                <input
                  type="radio"
                  name="show"
                  value={value}
                  checked={settings.show === value}
                  onChange={() => setSettings({ ...settings, show: value })}
                />
                {SHOW_LABELS[value]}
              </label>
            ))}
          </fieldset>
        </li>
      </ListSection>
      <ListSection title={T.lookingFor} footer={T.lookingForHint}>
        <li>
          <fieldset className={styles.chips} aria-label={T.lookingFor}>
            {LOOKING_FOR.map((value) => (
              <label key={value} className={styles.chip}>
                <input type="checkbox" value={value} checked={settings.lookingFor.includes(value)} onChange={() => toggle(value)} />
                {LOOKING_FOR_LABELS[value]}
              </label>
            ))}
          </fieldset>
        </li>
      </ListSection>
      <Button wide onClick={() => void save()} disabled={saving}>
        {T.save}
      </Button>
    </div>
  );
}
