export type AccountFieldKey = 'username' | 'firstName' | 'lastName';

/** The account's Telegram fields, as the panel names them; read-only (each launch refreshes them). */
export const ACCOUNT_FIELD_TITLES: Record<AccountFieldKey, string> = {
  username: 'Username',
  firstName: 'Имя в Telegram',
  lastName: 'Фамилия в Telegram',
};
