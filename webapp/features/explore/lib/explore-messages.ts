/** end-user.md §8 explore texts. */
export const EXPLORE_TEXT = {
  loading: 'Загрузка анкеты…',
  timeout: 'Нет ответа от сервера',
  invalid: 'Ошибка загрузки анкеты',
  likeFailed: 'Ошибка отправки лайка',
  fallback: 'Ошибка',
  emptyTitle: 'Анкет больше нет',
  emptyHint: 'Попробуйте позже или измените настройки поиска',
  refresh: 'Обновить',
  retry: 'Повторить',
  undo: 'Вернуть анкету',
  undoFailed: 'Не удалось вернуть анкету',
} as const;

/** The server's data.message, or the spec's fallback. */
export function serverMessage(data: unknown): string {
  const message = data && typeof data === 'object' ? (data as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : EXPLORE_TEXT.fallback;
}
