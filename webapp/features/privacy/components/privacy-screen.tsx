import type { PrivacySettings } from '../../../../contracts/privacy';
import column from '../../../components/ui/column.module.css';
import { ErrorState } from '../../../components/ui/error-state';
import { ListRow, ListSection } from '../../../components/ui/list-section';
import { ScreenTitle } from '../../../components/ui/screen-title';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toast-store';
import { savePrivacySettings } from '../api/privacy-api';
import { deleteAccountWithConfirmations } from '../lib/delete-account-flow';
import { PRIVACY_TEXT } from '../lib/privacy-text';
import { usePrivacyOverview } from '../lib/use-privacy-overview';
import { AutoDeletePicker } from './auto-delete-picker';
import styles from './settings-screen.module.css';

/** /privacy (end-user.md §2 Privacy): auto-delete, blacklist / archive / likes history, data use, account deletion. */
export default function PrivacyScreen() {
  const { state, retry, update } = usePrivacyOverview();

  const save = async (patch: Partial<PrivacySettings>) => {
    if (state.phase !== 'ready') return;
    const before = state.data.settings;
    update((d) => ({ ...d, settings: { ...d.settings, ...patch } }));
    try {
      await savePrivacySettings(patch);
      showToast({ text: PRIVACY_TEXT.saved, tone: 'success', durationMs: 2000 });
    } catch {
      update((d) => ({ ...d, settings: before }));
      showToast({ text: PRIVACY_TEXT.saveFailed, tone: 'error' });
    }
  };

  if (state.phase === 'loading')
    return (
      <>
        <ScreenTitle>Приватность</ScreenTitle>
        <Spinner />
      </>
    );
  if (state.phase === 'error') {
    return (
      <>
        <ScreenTitle>Приватность</ScreenTitle>
        <ErrorState className={styles.state} message={PRIVACY_TEXT.loadFailed} onRetry={retry} />
      </>
    );
  }
  const { settings, counts } = state.data;
  return (
    <div className={`${column.column} ${styles.screen}`}>
      <ScreenTitle>Приватность</ScreenTitle>
      <ListSection title="Сообщения">
        <AutoDeletePicker value={settings.autoDeleteMessages} onChange={(autoDeleteMessages) => void save({ autoDeleteMessages })} />
      </ListSection>
      <ListSection title="Данные">
        <ListRow icon="ban" label="Чёрный список" value={counts.blacklist} to="/blacklist" />
        <ListRow icon="archive" label="Архив" value={counts.archive} to="/archive" />
        <ListRow icon="heart" label="История лайков" value={counts.likesHistory} to="/likes-history" />
      </ListSection>
      <ListSection label="Использование данных" footer="Мы никогда не передаём ваши данные третьим лицам.">
        <li>
          <label className={styles.consent}>
            <input
              type="checkbox"
              checked={settings.allowDataForTraining}
              onChange={(event) => void save({ allowDataForTraining: event.target.checked })}
            />
            <span className={styles.consentText}>
              Разрешить использовать мои данные для улучшения подбора и фильтрации
              <span className={styles.consentHint}>Помогает показывать более подходящие анкеты и быстрее убирать нежелательные.</span>
            </span>
          </label>
        </li>
      </ListSection>
      <ListSection label="Аккаунт" footer="Анкета, фото, лайки и переписка будут удалены безвозвратно.">
        <ListRow icon="trash" label="Удалить аккаунт" tone="destructive" onClick={() => void deleteAccountWithConfirmations()} />
      </ListSection>
    </div>
  );
}
