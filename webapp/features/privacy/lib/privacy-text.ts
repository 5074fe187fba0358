import type { AutoDeletePeriod } from '../../../../contracts/privacy';

/** The privacy screens' texts (end-user.md §8 Privacy). */
export const PRIVACY_TEXT = {
  loadFailed: 'Ошибка загрузки настроек',
  saveFailed: 'Ошибка сохранения',
  saved: 'Настройки сохранены',
  deleteFailed: 'Не удалось удалить аккаунт',
  deleted: 'Аккаунт удалён',
  blacklistFailed: 'Ошибка загрузки чёрного списка',
  unblockFailed: 'Ошибка разблокировки',
  unblocked: 'Пользователь разблокирован',
  blacklistEmpty: 'Чёрный список пуст',
} as const;

/** The four periods, short labels with their units spelt as Russian abbreviations ('6 мес.', a unit never glued to the number). */
export const AUTO_DELETE_LABELS: Record<AutoDeletePeriod, { short: string; long: string }> = {
  DAY: { short: '1 дн.', long: '1 день' },
  WEEK: { short: '1 нед.', long: '1 неделя' },
  MONTH: { short: '1 мес.', long: '1 месяц' },
  HALF_YEAR: { short: '6 мес.', long: '6 месяцев' },
};

export const RELOAD_DELAY_MS = 1000;
