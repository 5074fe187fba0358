/** WCAG 2.1 contrast arithmetic on #rrggbb colours (the form Telegram's theme parameters arrive in). */
export type Rgb = readonly [number, number, number];

export const MIN_TEXT_CONTRAST = 4.5;
const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

export function parseHex(value: string): Rgb | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(value.trim());
  if (!match) return null;
  const n = Number.parseInt(match[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `share` of `over` laid on `base` (as color-mix(in srgb, over share, base)). */
export const mix = (base: Rgb, over: Rgb, share: number): Rgb => base.map((c, i) => c + (over[i]! - c) * share) as unknown as Rgb;

const worst = (fg: Rgb, backgrounds: readonly Rgb[]) => Math.min(...backgrounds.map((bg) => contrast(fg, bg)));

/**
 * `fg` itself when it reaches `min` on every background; otherwise the nearest shade of it that does, darker on light
 * backgrounds and lighter on dark ones (black or white at the extreme).
 */
export function readableOn(fg: Rgb, backgrounds: readonly Rgb[], min = MIN_TEXT_CONTRAST): Rgb {
  if (backgrounds.length === 0 || worst(fg, backgrounds) >= min) return fg;
  const lightBackgrounds = worst(BLACK, backgrounds) >= worst(WHITE, backgrounds);
  const target = lightBackgrounds ? BLACK : WHITE;
  for (let share = 0.02; share < 1; share += 0.02) {
    const shade = mix(fg, target, share);
    if (worst(shade, backgrounds) >= min) return shade;
  }
  return target;
}

/** Text on a filled background: `preferred` when it reaches `min`, otherwise black or white, whichever contrasts more. */
export function textOn(fill: Rgb, preferred: Rgb, min = MIN_TEXT_CONTRAST): Rgb {
  if (contrast(preferred, fill) >= min) return preferred;
  return contrast(BLACK, fill) >= contrast(WHITE, fill) ? BLACK : WHITE;
}
