import { describe, expect, it } from 'vitest';
import { ageOn, birthDateSchema, parseBirthDate } from '../../../contracts/birth-date';

const utc = (s: string) => new Date(`${s}T12:00:00Z`);
const dmy = (d: Date) => `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
const yearsAgo = (years: number, days = 0) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + days));
};
const messageOf = (value: unknown) => {
  const parsed = birthDateSchema.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('birth date rules', () => {
  it('reads DD/MM/YYYY and ISO dates, and knows real calendar dates', () => {
    expect(parseBirthDate('29/02/2008')).toEqual({ y: 2008, m: 2, d: 29 });
    expect(parseBirthDate('2008-02-29')).toEqual({ y: 2008, m: 2, d: 29 });
    expect(parseBirthDate('2008-02-29T00:00:00.000Z')).toEqual({ y: 2008, m: 2, d: 29 });
    expect(parseBirthDate('29/02/2009')).toBe('invalid');
    expect(parseBirthDate('00/01/2009')).toBe('invalid');
    expect(parseBirthDate('31/04/2009')).toBe('invalid');
    expect(parseBirthDate('1/1/2009')).toBe('format');
    expect(parseBirthDate('01/01/3009')).toBe('format');
    expect(parseBirthDate('01.01.2009')).toBe('format');
  });

  it('counts whole years, turning a year older on the birthday itself', () => {
    expect(ageOn({ y: 2010, m: 6, d: 15 }, utc('2026-06-14'))).toBe(15);
    expect(ageOn({ y: 2010, m: 6, d: 15 }, utc('2026-06-15'))).toBe(16);
    expect(ageOn('2008-02-29', utc('2021-02-28'))).toBe(12);
    expect(ageOn('2008-02-29', utc('2021-03-01'))).toBe(13);
  });

  it('takes 13 on the 13th birthday and 19 until the 20th, with the spec messages', () => {
    expect(messageOf(dmy(yearsAgo(13)))).toBeNull();
    expect(messageOf(dmy(yearsAgo(13, 1)))).toBe('Доступно только для 13–19 лет');
    expect(messageOf(dmy(yearsAgo(20, 1)))).toBeNull();
    expect(messageOf(dmy(yearsAgo(20)))).toBe('Доступно только для 13–19 лет');
    expect(messageOf('31/02/2010')).toBe('Некорректная дата');
    expect(messageOf('2010/02/01')).toBe('Дата в формате ДД/ММ/ГГГГ');
    expect(messageOf(undefined)).toBe('Дата в формате ДД/ММ/ГГГГ');
    expect(birthDateSchema.parse(` ${dmy(yearsAgo(15))} `)).toBe(yearsAgo(15).toISOString().slice(0, 10));
  });
});
