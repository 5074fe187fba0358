import type { AutoDeletePeriod } from '../../../../api/contracts/privacy';

/** The privacy screens' texts (end-user.md §8 Privacy). */
export const PRIVACY_TEXT = {
  loadFailed: 'Ошибка загрузки настроек',
  saveFailed: 'Ошибка сохранения',
  saved: 'Настройки сохранены',
  deleteFailed: 'Не удалось удалить аккаунт',
  deleted: 'Аккаунт удалён',
  blacklistFailed: 'Ошибка загрузки черного списка',
  unblockFailed: 'Ошибка разблокировки',
  unblocked: 'Пользователь разблокирован',
  blacklistEmpty: 'Черный список пуст',
  archiveSoon: 'Архив в разработке',
} as const;

/** The four periods with the spec's short labels (1д/1н/1м/6м). */
export const AUTO_DELETE_LABELS: Record<AutoDeletePeriod, { short: string; long: string }> = {
  DAY: { short: '1д', long: '1 день' },
  WEEK: { short: '1н', long: '1 неделя' },
  MONTH: { short: '1м', long: '1 месяц' },
  HALF_YEAR: { short: '6м', long: '6 месяцев' },
};

export const ARCHIVE_TOAST_MS = 3000;
export const RELOAD_DELAY_MS = 1000;
