import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { contrast, parseHex } from '../../../../webapp/lib/theme/contrast';
import { keepPaletteReadable } from '../../../../webapp/lib/theme/readable-palette';

const root = document.documentElement;
const hex = (value: string) => parseHex(value)!;
/** A palette as the stylesheet resolves it from Telegram's theme: the surfaces and the theme's own hint colour. */
function palette(colours: Record<string, string>): void {
  for (const [name, value] of Object.entries(colours)) root.style.setProperty(name, value);
}
const LIGHT = { '--bg': '#ffffff', '--bg-secondary': '#f4f4f5', '--section-bg': '#ffffff', '--hint-theme': '#999999' };
const DARK = { '--bg': '#17212b', '--bg-secondary': '#232e3c', '--section-bg': '#17212b', '--hint-theme': '#555f6b' };

afterEach(() => root.removeAttribute('style'));

describe('the readable palette at run time (issue 40, contrast)', () => {
  it("draws the hint in a darker shade of the theme's where it misses 4.5:1 on a light theme, and follows a change to dark", async () => {
    palette(LIGHT);
    keepPaletteReadable();
    const light = root.style.getPropertyValue('--hint');
    expect(light).not.toBe('');
    for (const bg of ['#ffffff', '#f4f4f5']) expect(contrast(hex(light), hex(bg))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(hex(light), [0, 0, 0])).toBeLessThan(contrast(hex('#999999'), [0, 0, 0]));

    // Telegram switches to its dark theme: the next frame lightens the hint instead.
    palette(DARK);
    await waitFor(() =>
      expect(contrast(hex(root.style.getPropertyValue('--hint') || '#555f6b'), hex('#232e3c'))).toBeGreaterThanOrEqual(4.5),
    );
    expect(contrast(hex(root.style.getPropertyValue('--hint')), [0, 0, 0])).toBeGreaterThan(contrast(hex('#555f6b'), [0, 0, 0]));
  });

  it("leaves the theme's colour alone where it already reaches 4.5:1", () => {
    palette({ ...LIGHT, '--hint-theme': '#595959' });
    keepPaletteReadable();
    expect(root.style.getPropertyValue('--hint')).toBe('');
  });
});
