import { z } from 'zod';
import { MAX_AGE, MIN_AGE, PROFILE_MESSAGES } from './profile-fields';

export interface CalendarDate {
  y: number;
  m: number;
  d: number;
}

const DMY = /^(\d{2})\/(\d{2})\/([12]\d{3})$/;
const ISO = /^([12]\d{3})-(\d{2})-(\d{2})(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/** 'DD/MM/YYYY' or ISO 'YYYY-MM-DD[Thh:mm…]' → a real calendar date, or why not. */
export function parseBirthDate(input: string): CalendarDate | 'format' | 'invalid' {
  const dmy = DMY.exec(input);
  const iso = dmy ? null : ISO.exec(input);
  if (!dmy && !iso) return 'format';
  const [y, m, d] = dmy ? [dmy[3], dmy[2], dmy[1]].map(Number) : [iso![1], iso![2], iso![3]].map(Number);
  const date = new Date(Date.UTC(y!, m! - 1, d!));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m! - 1 || date.getUTCDate() !== d) return 'invalid';
  return { y: y!, m: m!, d: d! };
}

/** Whole years between a birth date and `now` (UTC calendar). */
export function ageOn(birth: CalendarDate | string, now: Date = new Date()): number {
  const b =
    typeof birth === 'string' ? { y: Number(birth.slice(0, 4)), m: Number(birth.slice(5, 7)), d: Number(birth.slice(8, 10)) } : birth;
  const m = now.getUTCMonth() + 1;
  const beforeBirthday = m < b.m || (m === b.m && now.getUTCDate() < b.d);
  return now.getUTCFullYear() - b.y - (beforeBirthday ? 1 : 0);
}

const toIsoDate = (c: CalendarDate) => `${c.y}-${String(c.m).padStart(2, '0')}-${String(c.d).padStart(2, '0')}`;

/** A birth date in either format, checked for a real date and the 13–19 band today; becomes 'YYYY-MM-DD'. */
export const birthDateSchema = z
  .string({ error: PROFILE_MESSAGES.birthFormat })
  .trim()
  .transform((value, ctx) => {
    const parsed = parseBirthDate(value);
    if (parsed === 'format' || parsed === 'invalid') {
      ctx.addIssue({ code: 'custom', message: parsed === 'format' ? PROFILE_MESSAGES.birthFormat : PROFILE_MESSAGES.birthInvalid });
      return z.NEVER;
    }
    const age = ageOn(parsed);
    if (age < MIN_AGE || age > MAX_AGE) {
      ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.ageRange });
      return z.NEVER;
    }
    return toIsoDate(parsed);
  });
