import { ApiError } from '../../lib/api/api-error';
import { isOffline, serverMessage } from '../../lib/api/error-text';

export const STARTUP_DEFAULT_MESSAGE = 'Не удалось выполнить инициализацию';
export const SESSION_EXPIRED_HINT = 'Данные сессии устарели. Перезагрузите WebApp.';

export interface StartupErrorView {
  /** offline: the device has no network; network: online but the server is unreachable ('Включите VPN'); session: the expired-session hint. */
  kind: 'offline' | 'network' | 'session' | 'generic';
  /** The server's Russian words when it said why; a browser's or library's text is never shown. */
  detail: string | undefined;
}

const NETWORK = /502|503|504|timeout|fetch|network/i;
const SESSION = /401|unauthorized|invalid/i;

const kindOf = (error: unknown): StartupErrorView['kind'] => {
  const message = error instanceof Error ? error.message : '';
  const facts = error instanceof ApiError ? `${message} ${error.status || ''} ${error.code ?? ''}` : message;
  if (error instanceof ApiError && error.status === 401) return 'session';
  // Status 0 is no HTTP answer at all, whatever the browser called it (Safari says 'Load failed').
  if (NETWORK.test(facts) || (error instanceof ApiError && error.status === 0)) return isOffline() ? 'offline' : 'network';
  if (SESSION.test(facts)) return 'session';
  return 'generic';
};

/** end-user.md §8: the variant follows the words in the error (its message, HTTP status and code) and the device's network. */
export function classifyStartupError(error: unknown): StartupErrorView {
  const detail = serverMessage(error);
  return { kind: kindOf(error), detail: detail === STARTUP_DEFAULT_MESSAGE || detail === SESSION_EXPIRED_HINT ? undefined : detail };
}
