import { isUserText } from '../../../lib/api/error-text';
import { pluralRu } from '../../../lib/plural-ru';

/** end-user.md §2, §8 texts of the likes screens. */
export const LIKES_TEXT = {
  loading: 'Загрузка лайков…',
  timeout: 'Нет ответа от сервера',
  likeFailed: 'Ошибка отправки лайка',
  fallback: 'Ошибка',
  retry: 'Повторить',
  noneTitle: 'Вас пока что ещё никто не лайкнул',
  noneHint: 'Загляните в анкеты — возможно, кто-то ждёт именно вас',
  // Likes did come and all were answered: the empty list says so, with the matches they made.
  noNewTitle: 'Новых лайков нет',
  noNewHint: (matches: number) =>
    matches > 0 ? `У вас ${matches} ${pluralRu(matches, ['матч', 'матча', 'матчей'])} — напишите в чатах` : 'На все лайки вы уже ответили',
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
