import { ORIENTATIONS, type Orientation } from './orientations';
import type { Sex } from './profile-fields';

const SHARED: readonly Orientation[] = ['BISEXUAL', 'PANSEXUAL', 'QUEER', 'ASEXUAL'];

/** end-user.md §2 with AMENDMENTS §4.1: a boy is offered Гей and the four shared, a girl Лесби and the same four. */
export function orientationsForSex(sex: Sex | null | undefined): readonly Orientation[] {
  if (sex === 'MALE') return ['GAY', ...SHARED];
  if (sex === 'FEMALE') return ['LESBIAN', ...SHARED];
  return ORIENTATIONS;
}

export const fitsSex = (gender: Orientation, sex: Sex | null | undefined) => orientationsForSex(sex).includes(gender);

export const ORIENTATION_MISMATCH = 'Эта ориентация не подходит к выбранному полу';
