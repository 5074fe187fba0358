import { useEffect } from 'react';
import { Button } from '../../components/ui/button';
import { NoticeScreen } from '../../components/ui/notice-screen';
import { OFFLINE_TEXT } from '../../lib/api/error-text';
import { closeApp } from '../../lib/telegram/telegram-sdk';
import { classifyStartupError, SESSION_EXPIRED_HINT, STARTUP_DEFAULT_MESSAGE } from './classify-startup-error';

const CloseButton = ({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) => (
  <Button variant={variant} wide onClick={closeApp}>
    Закрыть
  </Button>
);

const RetryActions = ({ onRetry }: { onRetry: () => void }) => (
  <>
    <Button wide onClick={onRetry}>
      Повторить
    </Button>
    <CloseButton variant="secondary" />
  </>
);

/** No network on the device: say so, and start again by itself once the network is back. */
function OfflineScreen({ onRetry }: { onRetry: () => void }) {
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <NoticeScreen symbol="📡" tone="accent" title={OFFLINE_TEXT} actions={<RetryActions onRetry={onRetry} />}>
      <p>Проверьте Wi-Fi или мобильный интернет. Приложение запустится, как только связь вернётся.</p>
    </NoticeScreen>
  );
}

/** 'Ошибка запуска' and its variants (end-user.md §8), plus the offline screen. */
export function StartupErrorScreen({ error, onRetry = () => window.location.reload() }: { error: unknown; onRetry?: () => void }) {
  const view = classifyStartupError(error);
  if (view.kind === 'offline') return <OfflineScreen onRetry={onRetry} />;
  if (view.kind === 'network') {
    return (
      <NoticeScreen symbol="🛡️" tone="accent" title="Включите VPN" actions={<RetryActions onRetry={onRetry} />}>
        <p>Не удаётся связаться с сервером: похоже, соединение блокируется в вашем регионе. Включите VPN и попробуйте снова.</p>
      </NoticeScreen>
    );
  }
  return (
    <NoticeScreen symbol="⚠️" tone="danger" title="Ошибка запуска" actions={<CloseButton />}>
      <p>{STARTUP_DEFAULT_MESSAGE}</p>
      {view.detail && <p data-tone="detail">{view.detail}</p>}
      {view.kind === 'session' && <p data-tone="hint">{SESSION_EXPIRED_HINT}</p>}
    </NoticeScreen>
  );
}
