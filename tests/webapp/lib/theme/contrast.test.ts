import { describe, expect, it } from 'vitest';
import { contrast, parseHex, readableOn, textOn, toHex, type Rgb } from '../../../../webapp/lib/theme/contrast';

const hex = (value: string) => parseHex(value)!;
const luminanceOrder = (a: Rgb, b: Rgb) => contrast(a, [0, 0, 0]) - contrast(b, [0, 0, 0]);

describe('readable text colours', () => {
  it("measures WCAG contrast: Telegram's light hint is 4.66:1 on white and 4.24:1 on its grey section background", () => {
    expect(contrast(hex('#707579'), hex('#ffffff'))).toBeCloseTo(4.66, 1);
    expect(contrast(hex('#707579'), hex('#f4f4f5'))).toBeCloseTo(4.24, 1);
  });

  it("keeps the theme's colour where it reaches 4.5:1 on every background", () => {
    expect(toHex(readableOn(hex('#000000'), [hex('#ffffff'), hex('#f4f4f5')]))).toBe('#000000');
    expect(toHex(readableOn(hex('#707579'), [hex('#ffffff')]))).toBe('#707579');
  });

  it('darkens it on light backgrounds just enough to pass on all of them', () => {
    const backgrounds = [hex('#ffffff'), hex('#f4f4f5')];
    const shade = readableOn(hex('#707579'), backgrounds);
    for (const bg of backgrounds) expect(contrast(shade, bg)).toBeGreaterThanOrEqual(4.5);
    expect(luminanceOrder(shade, hex('#707579'))).toBeLessThan(0);
    expect(contrast(shade, hex('#f4f4f5'))).toBeLessThan(5);
  });

  it('lightens it on dark backgrounds', () => {
    const shade = readableOn(hex('#8774e1'), [hex('#212121'), hex('#2f2d3c')]);
    expect(contrast(shade, hex('#2f2d3c'))).toBeGreaterThanOrEqual(4.5);
    expect(luminanceOrder(shade, hex('#8774e1'))).toBeGreaterThan(0);
  });

  it('gives a filled button black or white text by contrast, keeping the theme’s when it passes', () => {
    expect(toHex(textOn(hex('#3390ec'), hex('#ffffff')))).toBe('#000000');
    expect(toHex(textOn(hex('#1d63c7'), hex('#ffffff')))).toBe('#ffffff');
    expect(toHex(textOn(hex('#17212b'), hex('#000000')))).toBe('#ffffff');
  });
});
