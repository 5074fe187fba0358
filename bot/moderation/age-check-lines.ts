import { statedAgeLine } from '../../contracts/face-check';
import type { PhotoCheck } from '../../contracts/screening';
import { ageOn } from '../../db/matching/age-band';
import { ageCheckOf } from '../../db/moderation/age-check';
import type { ModerationItem } from '../../db/moderation/moderation-item.entity';
import type { Profile } from '../../db/profiles/profile.entity';

/**
 * The face check's lines of a post about a new profile or new photos (issue 43): the stated age, one line per photo and
 * the flags; none when no photo was checked. A moderator reads them; they decide nothing.
 */
export function ageCheckPostLines(
  item: ModerationItem,
  profile: Profile | null,
  queued: readonly string[],
  checks: ReadonlyMap<string, PhotoCheck>,
): string[] {
  const submitted = (item.payload as { birthDate?: unknown }).birthDate;
  const birthDate = item.type === 'INITIAL' && typeof submitted === 'string' ? submitted : profile?.birthDate;
  const statedAge = birthDate ? ageOn(birthDate, new Date()) : null;
  const view = ageCheckOf(
    item.type,
    queued.map((id) => checks.get(id)),
    statedAge,
  );
  if (!view) return [];
  return [
    ...(view.statedAge !== null ? [statedAgeLine(view.statedAge)] : []),
    ...view.lines.map((line, i) => `Фото ${i + 1}: ${line ?? '—'}`),
    ...view.flags.map((flag) => `⚠️ ${flag}`),
  ];
}
