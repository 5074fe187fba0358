import { accountPatchSchema, type UserDetails } from '../../../../api/contracts/admin';
import { checkWith, type FieldCheck, type FieldSpec } from './field-spec';

export type AccountFieldKey = 'username' | 'firstName' | 'lastName';

export const ACCOUNT_FIELDS: Record<AccountFieldKey, FieldSpec> = {
  username: { key: 'username', title: 'Username', kind: 'text', placeholder: 'без @', hint: 'Пусто — без username' },
  firstName: { key: 'firstName', title: 'Имя в Telegram', kind: 'text' },
  lastName: { key: 'lastName', title: 'Фамилия в Telegram', kind: 'text' },
};

export const accountFieldText = (user: UserDetails['user'], key: AccountFieldKey) => user[key] ?? '';

/** Through the contract's schema (empty → null); a leading @ of a username is dropped. */
export function checkAccountField(key: AccountFieldKey, raw: string): FieldCheck {
  return checkWith(accountPatchSchema.shape[key], key === 'username' ? raw.trim().replace(/^@/, '') : raw);
}
