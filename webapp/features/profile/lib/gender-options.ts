import { orientationsForSex } from '../../../../contracts/orientation-options';
import type { Orientation, Sex } from '../../../../contracts/profile-fields';

/**
 * What the chooser offers (AMENDMENTS §4.1): by the stored sex; without one (registered before it was kept for
 * everyone) by the current orientation as end-user.md §2 says — GAY as a boy's, LESBIAN as a girl's, others all six.
 */
export function genderOptions(current: Orientation | null, sex: Sex | null = null): readonly Orientation[] {
  if (sex) return orientationsForSex(sex);
  if (current === 'GAY') return orientationsForSex('MALE');
  if (current === 'LESBIAN') return orientationsForSex('FEMALE');
  return orientationsForSex(null);
}
