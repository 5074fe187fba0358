export type BirthBox = 'day' | 'month' | 'year';
export interface BirthParts {
  day: string;
  month: string;
  year: string;
}

export const BOX_LENGTH: Record<BirthBox, number> = { day: 2, month: 2, year: 4 };

/** What a box keeps of typed text: digits only, 2/2/4 of them, and a year that starts with 1 or 2. */
export function sanitizeBox(box: BirthBox, raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, BOX_LENGTH[box]);
  if (box === 'year' && digits !== '' && digits[0] !== '1' && digits[0] !== '2') return '';
  return digits;
}

/** A whole date pasted into one box ('14.05.2010', '14/05/2010', '14052010'), split into the three boxes. */
export function splitPastedDate(raw: string): BirthParts | null {
  const match = /^\s*(\d{1,2})[./\-\s](\d{1,2})[./\-\s](\d{4})\s*$/.exec(raw) ?? /^\s*(\d{2})(\d{2})(\d{4})\s*$/.exec(raw);
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  return { day: day.padStart(2, '0'), month: month.padStart(2, '0'), year: sanitizeBox('year', year) };
}

/** A lone day or month digit becomes two on leaving the box ('5' → '05'). */
export const padBox = (value: string) => (value.length === 1 && value !== '0' ? value.padStart(2, '0') : value);

export const joinBirthDate = ({ day, month, year }: BirthParts) => `${day}/${month}/${year}`;

/** 'YYYY-MM-DD' (as the server stores it) into the boxes. */
export function partsFromIso(iso: string): BirthParts | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? { day: match[3]!, month: match[2]!, year: match[1]! } : null;
}
