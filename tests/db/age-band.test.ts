import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageOn, bandsByAge, canMeet, canMeetByAge, meetableBirthRange } from '../../db/matching/age-band';

const day = 86_400_000;
const dateArb = (from: string, to: string) =>
  fc.integer({ min: Date.parse(from) / day, max: Date.parse(to) / day }).map((d) => new Date(d * day));
const iso = (d: Date) => d.toISOString().slice(0, 10);

describe('age bands', () => {
  it('counts whole years with the birthday itself included', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(ageOn('2010-11-21', now)).toBe(16);
    expect(ageOn('2010-11-22', now)).toBe(15);
    expect(ageOn('2008-11-21', now)).toBe(18);
  });

  it('lets minors meet within 2 years and adults meet adults, never across', () => {
    expect(canMeetByAge(15, 17)).toBe(true);
    expect(canMeetByAge(14, 17)).toBe(false);
    expect(canMeetByAge(17, 18)).toBe(false);
    expect(canMeetByAge(18, 19)).toBe(true);
    expect(canMeetByAge(19, 30)).toBe(true);
  });

  it('birth range agrees with canMeet for any pair of birth dates and any day', () => {
    fc.assert(
      fc.property(
        dateArb('1995-01-01', '2013-12-31'),
        dateArb('1995-01-01', '2013-12-31'),
        fc.oneof(dateArb('2026-01-01', '2028-12-31'), fc.constant(new Date('2028-02-29T10:00:00Z'))),
        (a, b, now) => {
          const { from, to } = meetableBirthRange(a, now);
          const inRange = iso(b) >= from && iso(b) <= to;
          const ageB = ageOn(b, now);
          // The range speaks only of ages that can register or be adults; younger than 13 is never in it.
          if (ageB < 13) return !inRange;
          return inRange === canMeet(a, b, now);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('is symmetric', () => {
    fc.assert(
      fc.property(
        dateArb('1995-01-01', '2013-12-31'),
        dateArb('1995-01-01', '2013-12-31'),
        dateArb('2026-01-01', '2028-12-31'),
        (a, b, now) => canMeet(a, b, now) === canMeet(b, a, now),
      ),
    );
  });

  it('gives the band of a birth date from the table of every age’s band, as a statement reads it (likes badge)', () => {
    fc.assert(
      fc.property(
        dateArb('1995-01-01', '2026-12-31'),
        fc.oneof(
          dateArb('2026-01-01', '2028-12-31'),
          fc.constant(new Date('2028-02-29T10:00:00Z')),
          fc.constant(new Date('2027-02-28T10:00:00Z')),
        ),
        (birth, now) => {
          // The row with the smallest bornBy on or after the birth date, as the statement's ORDER BY … LIMIT 1 picks.
          const row = bandsByAge(now)
            .filter((b) => b.bornBy >= iso(birth))
            .sort((x, y) => x.bornBy.localeCompare(y.bornBy))[0];
          if (iso(birth) > iso(now)) return row === undefined;
          return row !== undefined && row.from === meetableBirthRange(birth, now).from && row.to === meetableBirthRange(birth, now).to;
        },
      ),
      { numRuns: 5000 },
    );
  });
});
