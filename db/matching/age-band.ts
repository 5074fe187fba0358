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

/** One age's band on a day: everyone born on or before `bornBy` is at least that age. */
export interface BandOfAge {
  bornBy: string;
  from: string;
  to: string;
}

/**
 * The band of every age on `now`, from 0 to ADULT_AGE (adults share one band): someone's band is that of the row with
 * the smallest `bornBy` on or after their birth date (nobody born later than every row's has one). The bands
 * meetableBirthRange gives, for a statement that reads the birth date itself.
 */
export function bandsByAge(now: Date): BandOfAge[] {
  const rows: BandOfAge[] = [];
  for (let age = 0; age <= ADULT_AGE; age++) {
    // The latest birth date of someone `age` or older (ageOn's calendar rules, 29 February included).
    let d = yearsBefore(now, age);
    while (ageOn(d, now) < age) d = new Date(d.getTime() - 86_400_000);
    while (ageOn(new Date(d.getTime() + 86_400_000), now) >= age) d = new Date(d.getTime() + 86_400_000);
    rows.push({ bornBy: isoDate(d), ...meetableBirthRange(d, now) });
  }
  return rows;
}
