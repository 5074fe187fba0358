import { useEffect, useState } from 'react';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_LABELS,
  type NotificationKind,
  type NotificationSettings,
} from '../../../../contracts/notification-settings';
import column from '../../../components/ui/column.module.css';
import { ErrorState } from '../../../components/ui/error-state';
import { ListRow, ListSection } from '../../../components/ui/list-section';
import { ScreenTitle } from '../../../components/ui/screen-title';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { showToast } from '../../../components/ui/toast-store';
import { fetchNotificationSettings, saveNotificationSettings } from '../api/notification-settings-api';
import { PRIVACY_TEXT } from '../lib/privacy-text';
import styles from './settings-screen.module.css';

/** /notifications (AMENDMENTS §3): which bot notifications the user wants; each switch saves at once. */
export default function NotificationsScreen() {
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchNotificationSettings(controller.signal).then(
      (answer) => setSettings(answer.settings),
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = () => {
    setFailed(false);
    setAttempt((n) => n + 1);
  };

  const toggle = async (kind: NotificationKind, on: boolean) => {
    const before = settings;
    setSettings((s) => (s ? { ...s, [kind]: on } : s));
    try {
      setSettings((await saveNotificationSettings({ [kind]: on })).settings);
      showToast({ text: PRIVACY_TEXT.saved, tone: 'success', durationMs: 2000 });
    } catch {
      setSettings(before);
      showToast({ text: PRIVACY_TEXT.saveFailed, tone: 'error' });
    }
  };

  if (failed) {
    return (
      <>
        <ScreenTitle>Уведомления</ScreenTitle>
        <ErrorState className={styles.state} message={PRIVACY_TEXT.loadFailed} onRetry={retry} />
      </>
    );
  }
  if (!settings)
    return (
      <>
        <ScreenTitle>Уведомления</ScreenTitle>
        <Spinner />
      </>
    );
  return (
    <div className={`${column.column} ${styles.screen}`}>
      <ScreenTitle>Уведомления</ScreenTitle>
      <ListSection title="Сообщения от бота" footer="Уведомления нейтральны: в них нет имён, текста сообщений и подробностей анкеты.">
        {NOTIFICATION_KINDS.map((kind) => (
          <ListRow
            key={kind}
            label={NOTIFICATION_LABELS[kind].title}
            hint={NOTIFICATION_LABELS[kind].hint}
            trailing={<Switch label={NOTIFICATION_LABELS[kind].title} checked={settings[kind]} onChange={(on) => void toggle(kind, on)} />}
          />
        ))}
      </ListSection>
    </div>
  );
}
