import { z } from 'zod';
import { LOOKING_FOR, type Orientation, type Sex } from './profile-fields';

/** 'Кого показывать' (AMENDMENTS §4.1): boys, girls or everyone. */
export const SEARCH_SHOW = ['MALE', 'FEMALE', 'ALL'] as const;
export type SearchShow = (typeof SEARCH_SHOW)[number];

export const SEARCH_SETTINGS_MESSAGES = {
  show: 'Выберите, кого показывать: парни, девушки или все',
  lookingFor: 'В фильтре «Что ищу» можно выбрать только: отношения на расстоянии, отношения локальные, общение',
  saved: 'Настройки поиска сохранены',
} as const;

/** MALE + GAY → boys, FEMALE + LESBIAN → girls, every other orientation (or an unknown sex) → everyone. */
export function defaultSearchShow(sex: Sex | null | undefined, gender: Orientation | null | undefined): SearchShow {
  if (sex === 'MALE' && gender === 'GAY') return 'MALE';
  if (sex === 'FEMALE' && gender === 'LESBIAN') return 'FEMALE';
  return 'ALL';
}

/** POST /api/search-settings: both fields; an empty looking-for filter means "any". */
export const searchSettingsSchema = z.object(
  {
    show: z.enum(SEARCH_SHOW, { error: SEARCH_SETTINGS_MESSAGES.show }),
    lookingFor: z
      .array(z.enum(LOOKING_FOR, { error: SEARCH_SETTINGS_MESSAGES.lookingFor }), { error: SEARCH_SETTINGS_MESSAGES.lookingFor })
      .max(LOOKING_FOR.length * 2, SEARCH_SETTINGS_MESSAGES.lookingFor)
      .transform((items) => LOOKING_FOR.filter((value) => items.includes(value))),
  },
  { error: SEARCH_SETTINGS_MESSAGES.show },
);
export type SearchSettings = z.infer<typeof searchSettingsSchema>;
export type SearchSettingsBody = z.input<typeof searchSettingsSchema>;

/** GET and POST /api/search-settings answer the stored settings. */
export const searchSettingsResponseSchema = z.object({
  ok: z.literal(true),
  show: z.enum(SEARCH_SHOW),
  lookingFor: z.array(z.enum(LOOKING_FOR)),
});
export type SearchSettingsResponse = z.infer<typeof searchSettingsResponseSchema>;
