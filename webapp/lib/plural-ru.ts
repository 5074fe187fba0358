/** Russian plural: 1 день, 2 дня, 5 дней; 11–14 take the third form. */
export function pluralRu(n: number, forms: readonly [string, string, string]): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return forms[0];
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return forms[1];
  return forms[2];
}

/** A text counter's nudge under its minimum: 'Ещё минимум 21 символ'. */
export const charactersToGo = (n: number): string => `Ещё минимум ${n} ${pluralRu(n, ['символ', 'символа', 'символов'])}`;
