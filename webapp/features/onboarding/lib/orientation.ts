import { fitsSex } from '../../../../contracts/orientation-options';
import type { Orientation, Sex } from '../../../../contracts/profile-fields';

/** Said on the orientation step when a new sex cleared an orientation it does not allow (never changed silently). */
export const ORIENTATION_CLEARED = 'Прежняя ориентация не подходит к выбранному полу — выберите её заново';

/** The orientation kept after a change of sex: unchanged when it still fits, else none (and the user is told). */
export function orientationAfter(gender: Orientation | null, sex: Sex | null): Orientation | null {
  return gender && !fitsSex(gender, sex) ? null : gender;
}
