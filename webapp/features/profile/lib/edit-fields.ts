import { profileEditSchema } from '../../../../contracts/profile';
import { formatHeight } from '../../../components/profile-card/profile-labels';
import '../../../lib/zod-russian';

export type TextFieldKey = 'displayName' | 'bio' | 'heightCm';

export interface TextFieldSpec {
  key: TextFieldKey;
  title: string;
  kind: 'text' | 'textarea' | 'number';
  /** Input limit (characters), shown as a counter for the bio. */
  maxLength?: number;
  placeholder: string;
  hint?: string;
}

/** The text-like fields of the editor with the edit limits of end-user.md §5 (validated by the contract's schema). */
export const TEXT_FIELDS: Record<TextFieldKey, TextFieldSpec> = {
  displayName: { key: 'displayName', title: 'Имя', kind: 'text', maxLength: 40, placeholder: 'Как вас называть' },
  bio: {
    key: 'bio',
    title: 'О себе',
    kind: 'textarea',
    maxLength: 1200,
    placeholder: 'Расскажите о себе, увлечениях и о том, кого хотите найти',
  },
  heightCm: {
    key: 'heightCm',
    title: 'Рост, см',
    kind: 'number',
    placeholder: 'Например, 175',
    hint: 'От 130 до 220 см. Оставьте пустым, чтобы не указывать.',
  },
};

export type FieldCheck = { ok: true; value: string | number | null } | { ok: false; message: string };

/** One field through the PATCH schema: the same messages the server answers ('' in a number field clears it). */
export function checkField(key: TextFieldKey, raw: string): FieldCheck {
  const parsed = profileEditSchema.shape[key].safeParse(raw);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Ошибка' };
  return { ok: true, value: parsed.data ?? null };
}

export const NOT_SET = 'Не указано';

/** How a field's current value reads in the field list. */
export function fieldValueText(key: TextFieldKey, value: string | number | null): string {
  if (value === null || value === '') return NOT_SET;
  if (key === 'heightCm') return formatHeight(Number(value));
  return String(value);
}
