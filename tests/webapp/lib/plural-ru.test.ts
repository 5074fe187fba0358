import { describe, expect, it } from 'vitest';
import { charactersToGo } from '../../../webapp/lib/plural-ru';

describe('characters still needed', () => {
  it.each([
    [1, 'Ещё минимум 1 символ'],
    [3, 'Ещё минимум 3 символа'],
    [5, 'Ещё минимум 5 символов'],
    [11, 'Ещё минимум 11 символов'],
    [14, 'Ещё минимум 14 символов'],
    [21, 'Ещё минимум 21 символ'],
    [22, 'Ещё минимум 22 символа'],
  ])('%i → %s', (n, text) => expect(charactersToGo(n)).toBe(text));
});
