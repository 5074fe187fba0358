/**
 * The administration area (moderation-admin.md §2 Admin statistics, User detail, Database browser; §7; §8).
 * Moderators may read user details; everything else here is for admins only (§6, AMENDMENTS §2.2).
 */

export const ADMIN_DB_PAGE_SIZE = 25;
export const STATS_WINDOW_DAYS = 30;

/** §8, verbatim. */
export const ADMIN_MESSAGES = {
  forbidden: 'Доступ запрещён',
  userLoadFailed: 'Не удалось загрузить данные пользователя',
  accountSaveFailed: 'Не удалось сохранить аккаунт',
  profileSaveFailed: 'Не удалось сохранить анкету',
  banFailed: 'Не удалось изменить статус блокировки',
  roleFailed: 'Не удалось изменить роль',
  deleteFailed: 'Не удалось удалить аккаунт',
  avatarFailed: 'Не удалось загрузить аватар',
  tablesFailed: 'Не удалось получить список таблиц',
  requestFailed: 'Ошибка запроса',
  saveFailed: 'Ошибка сохранения',
  noPrimaryKey: 'Нельзя обновить запись: нет первичного ключа',
  noMoreData: 'Больше данных нет',
  notEnoughData: 'Недостаточно данных',
  submitFailed: 'Ошибка отправки',
  unknownError: 'Неизвестная ошибка',
  // Texts the spec leaves unworded.
  lastAdmin: 'Нельзя снять роль или удалить последнего администратора',
  userNotFound: 'Пользователь не найден',
  profileNotFound: 'У пользователя нет анкеты',
  unknownModel: 'Таблица недоступна',
  unknownColumn: 'Поле недоступно для изменения',
  readOnlyColumn: 'Поле только для чтения',
  decisionColumn: 'Решения модерации меняются только в разделе «Модерация»: там их видит пользователь и применяет анкета',
  telegramOwned: 'Эти поля приходят из Telegram и обновляются при каждом запуске',
  messageColumn: 'Сообщения пользователей здесь не меняются: текст и удаление — дело их автора',
  badValue: 'Некорректное значение поля',
  rowNotFound: 'Запись не найдена',
  selfBan: 'Нельзя заблокировать себя',
  lastAdminBan: 'Нельзя заблокировать последнего администратора',
  staffBanByAdmin: 'Заблокировать сотрудника может только администратор',
} as const;
