/** Age rules (AMENDMENTS §1.3): minors meet minors within 2 years; adults meet adults; never across. */
export const ADULT_AGE = 18;
const MAX_MINOR_AGE_GAP = 2;
const MIN_AGE = 13;

type DateLike = Date | string;

const toUtcDate = (d: DateLike) => (typeof d === 'string' ? new Date(`${d.slice(0, 10)}T00:00:00Z`) : d);

/** Whole years on `now` (UTC calendar), as a person counts their age. */
export function ageOn(birthDate: DateLike, now: Date): number {
  const b = toUtcDate(birthDate);
  let age = now.getUTCFullYear() - b.getUTCFullYear();
  const beforeBirthday =
    now.getUTCMonth() < b.getUTCMonth() || (now.getUTCMonth() === b.getUTCMonth() && now.getUTCDate() < b.getUTCDate());
  if (beforeBirthday) age--;
  return age;
}

export function canMeetByAge(ageA: number, ageB: number): boolean {
  const adultA = ageA >= ADULT_AGE;
  if (adultA !== ageB >= ADULT_AGE) return false;
  return adultA || Math.abs(ageA - ageB) <= MAX_MINOR_AGE_GAP;
}

/** The one predicate every path (feed, likes, history, profile, chat) asks. */
export function canMeet(birthA: DateLike, birthB: DateLike, now: Date): boolean {
  return canMeetByAge(ageOn(birthA, now), ageOn(birthB, now));
}

/** Inclusive range of ages someone of `age` may meet. */
function meetableAges(age: number): { min: number; max: number } {
  if (age >= ADULT_AGE) return { min: ADULT_AGE, max: 200 };
  return { min: Math.max(MIN_AGE, age - MAX_MINOR_AGE_GAP), max: Math.min(ADULT_AGE - 1, age + MAX_MINOR_AGE_GAP) };
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

function yearsBefore(now: Date, years: number): Date {
  const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  // 29 February in a non-leap year would roll to 1 March; the same day-of-year there is 28 February.
  return d.getUTCMonth() === now.getUTCMonth() ? d : new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth() + 1, 0));
}

/**
 * Birth dates (inclusive, YYYY-MM-DD) of everyone `age`-compatible with someone born on `birthDate`;
 * lets the feed filter with an index instead of computing ages row by row.
 */
export function meetableBirthRange(birthDate: DateLike, now: Date): { from: string; to: string } {
  const { min, max } = meetableAges(ageOn(birthDate, now));
  const latest = yearsBefore(now, min); // born on or before this day → age ≥ min
  const earliestExclusive = yearsBefore(now, max + 1); // born after this day → age ≤ max
  const from = new Date(earliestExclusive.getTime() + 86_400_000);
  return { from: isoDate(from), to: isoDate(latest) };
}
