import { faceFlags, faceLine, type AgeCheckView } from '../../contracts/face-check';
import type { PhotoCheck } from '../../contracts/screening';
import type { ModerationType } from '../../contracts/moderation';

/**
 * The face check as a moderator sees it (issue 43), for a new profile and new photos only: per photo 'Лицо не найдено'
 * or 'На вид около N лет' beside the stated age, and the flags. Null when no photo was checked (AGE_CHECK=off, older
 * photos): nothing is shown.
 */
export function ageCheckOf(
  type: ModerationType,
  checks: readonly (PhotoCheck | null | undefined)[],
  statedAge: number | null,
): AgeCheckView | null {
  if (type !== 'INITIAL' && type !== 'PHOTOS') return null;
  const faces = checks.map((check) => check?.face ?? null);
  if (faces.every((face) => face === null)) return null;
  return { statedAge, lines: faces.map((face) => (face ? faceLine(face) : null)), flags: faceFlags(faces, statedAge) };
}
