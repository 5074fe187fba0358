import { ApiError } from '../../lib/api/api-error';

export const STARTUP_DEFAULT_MESSAGE = 'Не удалось выполнить инициализацию';
export const SESSION_EXPIRED_HINT = 'Данные сессии устарели. Перезагрузите WebApp.';

export interface StartupErrorView {
  /** network: the 'Включите VPN' screen; session: the default screen plus the expired-session hint. */
  kind: 'network' | 'session' | 'generic';
  message: string;
}

const NETWORK = /502|503|504|timeout|fetch|network/i;
const SESSION = /401|unauthorized|invalid/i;

/** end-user.md §8: the variant follows the words in the error (its message, HTTP status and code). */
export function classifyStartupError(error: unknown): StartupErrorView {
  const message = error instanceof Error && error.message ? error.message : STARTUP_DEFAULT_MESSAGE;
  const facts = error instanceof ApiError ? `${message} ${error.status || ''} ${error.code ?? ''}` : message;
  if (error instanceof ApiError && error.status === 401) return { kind: 'session', message };
  if (NETWORK.test(facts)) return { kind: 'network', message };
  if (SESSION.test(facts)) return { kind: 'session', message };
  return { kind: 'generic', message };
}
