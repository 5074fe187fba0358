import { describe, expect, it } from 'vitest';
import { formatBadge } from '../../../../webapp/components/ui/format-badge';

describe('badge text', () => {
  it.each([
    [0, null],
    [-2, null],
    [Number.NaN, null],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [12345, '99+'],
  ])('%d → %s', (count, text) => expect(formatBadge(count)).toBe(text));
});
