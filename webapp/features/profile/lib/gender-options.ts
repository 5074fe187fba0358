import { ORIENTATIONS, type Orientation } from '../../../../api/contracts/profile-fields';

const SHARED: readonly Orientation[] = ['BISEXUAL', 'PANSEXUAL', 'QUEER', 'ASEXUAL'];

/** end-user.md §2 My profile: GAY offers Гей + the four shared ones, LESBIAN offers Лесби + the same, others all six. */
export function genderOptions(current: Orientation | null): readonly Orientation[] {
  if (current === 'GAY') return ['GAY', ...SHARED];
  if (current === 'LESBIAN') return ['LESBIAN', ...SHARED];
  return ORIENTATIONS;
}
