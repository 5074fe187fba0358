import type { Orientation, Sex } from '../../contracts/profile-fields';

/** GAY chosen by a girl is LESBIAN (end-user.md §4), and LESBIAN chosen by a boy is GAY. */
export function normalizeOrientation(gender: Orientation, sex: Sex | null | undefined): Orientation {
  if (gender === 'GAY' && sex === 'FEMALE') return 'LESBIAN';
  if (gender === 'LESBIAN' && sex === 'MALE') return 'GAY';
  return gender;
}
