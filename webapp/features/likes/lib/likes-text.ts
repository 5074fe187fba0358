import { isUserText } from '../../../lib/api/error-text';

/** end-user.md §2, §8 texts of the likes screens. */
export const LIKES_TEXT = {
  loading: 'Загрузка лайков…',
  timeout: 'Нет ответа от сервера',
  likeFailed: 'Ошибка отправки лайка',
  fallback: 'Ошибка',
  retry: 'Повторить',
  noneTitle: 'Вас пока что ещё никто не лайкнул',
  noneHint: 'Загляните в анкеты — возможно, кто-то ждёт именно вас',
  toExplore: 'Смотреть анкеты',
  endTitle: 'Лайков больше нет',
  endHint: 'Новые лайки появятся здесь',
  refresh: 'Обновить',
  historyError: 'Ошибка загрузки истории лайков',
  clearError: 'Ошибка очистки старых лайков',
} as const;

/** The server's data.message when it is words for users, or the spec's fallback. */
export function serverMessage(data: unknown): string {
  const message = data && typeof data === 'object' ? (data as { message?: unknown }).message : undefined;
  return isUserText(message) ? message : LIKES_TEXT.fallback;
}
