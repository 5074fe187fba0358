import { z } from 'zod';
import { ORIENTATIONS } from './orientations';

export { ORIENTATIONS, type Orientation } from './orientations';
export const SEXES = ['MALE', 'FEMALE'] as const;
export type Sex = (typeof SEXES)[number];
/** How the app names each sex (sign-up, the moderation card, the moderators' bot post, the admin editor). */
export const SEX_LABELS: Record<Sex, string> = { MALE: 'Мужской', FEMALE: 'Женский' };
/** The only relationship goals offered or accepted (AMENDMENTS §1.2). */
export const LOOKING_FOR = ['LONG_DISTANCE', 'LOCAL', 'COMMUNICATION'] as const;
export type LookingFor = (typeof LOOKING_FOR)[number];

export const MIN_AGE = 13;
export const MAX_AGE = 19;

/** The spec's Russian texts (end-user.md §5) plus a few the spec leaves unworded. */
export const PROFILE_MESSAGES = {
  cyrillicOnly: 'Только кириллица!',
  nameJoin: 'Дефис или пробел — только один и только между частями имени',
  nameTooShort: 'Не менее 2 символов!',
  nameTooLong: 'Не более 16 символов!',
  editNameTooLong: 'Не более 32 символов!',
  birthFormat: 'Дата в формате ДД/ММ/ГГГГ',
  birthInvalid: 'Некорректная дата',
  ageRange: 'Доступно только для 13–19 лет',
  sexRequired: 'Укажите пол',
  orientationRequired: 'Выберите ориентацию',
  cityFromList: 'Выберите город из списка',
  threePhotos: 'Загрузите 3 фото',
  minOnePhoto: 'Минимум 1 фото',
  descriptionShort: 'Описание слишком короткое',
  descriptionLong: 'Описание слишком длинное (не более 1200 символов)',
  bioRequired: 'Описание не может быть пустым',
  consentRequired: 'Нужно согласиться с правилами',
  lookingForAllowed: `Допустимые значения: ${LOOKING_FOR.join(', ')}`,
  lookingForTooMany: 'Не более 5 вариантов',
  height: 'Рост: от 130 до 220 см',
  birthDateFixed: 'Дату рождения нельзя изменить после регистрации',
} as const;

/** What the name field's hint says is allowed (the schema below is the rule). */
export const NAME_HINT = 'Кириллица; две части — через дефис или пробел: Анна-Мария';

/** Onboarding name: Cyrillic letters, 2–16; two or more parts joined by one hyphen or space ('Анна-Мария', 'Анна Мария'). */
export const displayNameSchema = z
  .string({ error: PROFILE_MESSAGES.nameTooShort })
  .trim()
  .regex(/^[А-Яа-яЁё -]*$/, PROFILE_MESSAGES.cyrillicOnly)
  .min(2, PROFILE_MESSAGES.nameTooShort)
  .max(16, PROFILE_MESSAGES.nameTooLong)
  .regex(/^([А-Яа-яЁё]+([- ][А-Яа-яЁё]+)*)?$/, PROFILE_MESSAGES.nameJoin);

export const orientationSchema = z.enum(ORIENTATIONS, { error: PROFILE_MESSAGES.orientationRequired });
export const sexSchema = z.enum(SEXES, { error: PROFILE_MESSAGES.sexRequired });

export const citySchema = z
  .string({ error: PROFILE_MESSAGES.cityFromList })
  .trim()
  .min(1, PROFILE_MESSAGES.cityFromList)
  .max(128, PROFILE_MESSAGES.cityFromList);
/** The id of a suggestion from the places search, when the client has one. */
export const placeIdSchema = z.preprocess(
  (v: number | string | null | undefined) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number({ error: PROFILE_MESSAGES.cityFromList })
    .int(PROFILE_MESSAGES.cityFromList)
    .positive(PROFILE_MESSAGES.cityFromList)
    .optional(),
);

/** Up to 5 goals from the allowed three (duplicates dropped); anything else is refused with the list. */
export const lookingForSchema = z
  .array(z.enum(LOOKING_FOR, { error: PROFILE_MESSAGES.lookingForAllowed }), { error: PROFILE_MESSAGES.lookingForAllowed })
  .max(5, PROFILE_MESSAGES.lookingForTooMany)
  .transform((items) => [...new Set(items)]);

/** An optional integer slider value: '' and null clear it, numeric strings are read as numbers. */
export const sliderSchema = (min: number, max: number, message: string) =>
  z.preprocess(
    (v: number | string | null | undefined) => (v === '' ? null : typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message).nullable().optional(),
  );

/** A photo as the client sends it: a URL string or `{url}`. */
export const photoRefSchema = z
  .union([z.string(), z.object({ url: z.string() })], { error: PROFILE_MESSAGES.threePhotos })
  .transform((p) => (typeof p === 'string' ? p : p.url).trim());
