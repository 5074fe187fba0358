import { describe, expect, it } from 'vitest';
import { countdownParts } from '../../../../webapp/app/startup/countdown';
import { pluralRu } from '../../../../webapp/lib/plural-ru';

const release = Date.parse('2025-10-26T14:00:00+03:00');
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('countdown arithmetic', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    expect(countdownParts(release, release - (3 * D + 4 * H + 5 * M + 6 * S))).toEqual({
      days: 3,
      hours: 4,
      minutes: 5,
      seconds: 6,
      done: false,
    });
  });

  it('counts the release in Moscow time (14:00 MSK is 11:00 UTC)', () => {
    expect(countdownParts(release, Date.parse('2025-10-25T11:00:00Z'))).toEqual({ days: 1, hours: 0, minutes: 0, seconds: 0, done: false });
  });

  it('rounds a partial second up so 0 only shows at the moment itself', () => {
    expect(countdownParts(release, release - 1)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1, done: false });
    expect(countdownParts(release, release - 59 * S - 1)).toMatchObject({ minutes: 1, seconds: 0 });
  });

  it('is done at and after the moment', () => {
    expect(countdownParts(release, release)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true });
    expect(countdownParts(release, release + 5 * D)).toMatchObject({ days: 0, done: true });
  });

  it('carries whole days past a month', () => {
    expect(countdownParts(release, release - 45 * D - 23 * H - 59 * M - 59 * S)).toEqual({
      days: 45,
      hours: 23,
      minutes: 59,
      seconds: 59,
      done: false,
    });
  });
});

describe('Russian plurals', () => {
  it.each([
    [1, 'день'],
    [2, 'дня'],
    [4, 'дня'],
    [5, 'дней'],
    [11, 'дней'],
    [12, 'дней'],
    [21, 'день'],
    [22, 'дня'],
    [111, 'дней'],
    [0, 'дней'],
  ])('%i %s', (n, word) => expect(pluralRu(n, ['день', 'дня', 'дней'])).toBe(word));
});
