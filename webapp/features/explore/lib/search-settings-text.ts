import type { SearchShow } from '../../../../contracts/search-settings';

export const SEARCH_SETTINGS_PATH = '/search-settings';

export const SHOW_LABELS: Record<SearchShow, string> = { MALE: 'Парни', FEMALE: 'Девушки', ALL: 'Все' };

export const SEARCH_SETTINGS_TEXT = {
  title: 'Настройки поиска',
  open: 'Настройки поиска',
  show: 'Кого показывать',
  lookingFor: 'Что ищу',
  lookingForHint: 'Покажем тех, кто ищет то же. Ничего не выбрано — все.',
  save: 'Сохранить',
  loadFailed: 'Ошибка загрузки',
  saveFailed: 'Ошибка сохранения',
  // The spec's empty-state hint, split so its second half opens the settings.
  emptyBefore: 'Попробуйте позже или ',
  emptyLink: 'измените настройки поиска',
} as const;
