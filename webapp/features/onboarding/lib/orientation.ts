import type { Orientation, Sex } from '../../../../api/contracts/profile-fields';

export const SEX_LABELS: Record<Sex, string> = { MALE: 'Мужской', FEMALE: 'Женский' };

/** GAY with FEMALE becomes LESBIAN (and LESBIAN with MALE becomes GAY), as the server stores it. */
export function normalizeOrientation(gender: Orientation | null, sex: Sex | null): Orientation | null {
  if (gender === 'GAY' && sex === 'FEMALE') return 'LESBIAN';
  if (gender === 'LESBIAN' && sex === 'MALE') return 'GAY';
  return gender;
}

/** end-user.md §3: sex is sent only with GAY or LESBIAN, otherwise null. */
export function sexForSubmission(gender: Orientation | null, sex: Sex | null): Sex | null {
  return gender === 'GAY' || gender === 'LESBIAN' ? sex : null;
}
