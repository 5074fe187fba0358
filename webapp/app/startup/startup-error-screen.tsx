import { Button } from '../../components/ui/button';
import { closeApp } from '../../lib/telegram/telegram-sdk';
import { classifyStartupError, SESSION_EXPIRED_HINT, STARTUP_DEFAULT_MESSAGE } from './classify-startup-error';
import { NoticeScreen } from '../../components/ui/notice-screen';

const CloseButton = ({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) => (
  <Button variant={variant} wide onClick={closeApp}>
    Закрыть
  </Button>
);

/** 'Ошибка запуска' and its variants (end-user.md §8). */
export function StartupErrorScreen({ error, onRetry = () => window.location.reload() }: { error: unknown; onRetry?: () => void }) {
  const view = classifyStartupError(error);
  if (view.kind === 'network') {
    return (
      <NoticeScreen
        symbol="🛡️"
        tone="accent"
        title="Включите VPN"
        actions={
          <>
            <Button wide onClick={onRetry}>
              Повторить
            </Button>
            <CloseButton variant="secondary" />
          </>
        }
      >
        <p>Не удаётся связаться с сервером: похоже, соединение блокируется в вашем регионе. Включите VPN и попробуйте снова.</p>
      </NoticeScreen>
    );
  }
  return (
    <NoticeScreen symbol="⚠️" tone="danger" title="Ошибка запуска" actions={<CloseButton />}>
      <p>{STARTUP_DEFAULT_MESSAGE}</p>
      {view.message !== STARTUP_DEFAULT_MESSAGE && view.message !== SESSION_EXPIRED_HINT && <p data-tone="detail">{view.message}</p>}
      {view.kind === 'session' && <p data-tone="hint">{SESSION_EXPIRED_HINT}</p>}
    </NoticeScreen>
  );
}
