import { isUserText } from '../../../lib/api/error-text';

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

/** The server's data.message when it is words for users, or the spec's fallback. */
export function serverMessage(data: unknown): string {
  const message = data && typeof data === 'object' ? (data as { message?: unknown }).message : undefined;
  return isUserText(message) ? message : EXPLORE_TEXT.fallback;
}
