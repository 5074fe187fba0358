import { MIN_TEXT_CONTRAST, mix, parseHex, readableOn, textOn, toHex, type Rgb } from './contrast';

/** The surfaces text sits on; tints (secondary buttons, chips) are 14 % of a colour over them, as in the CSS. */
const SURFACES = ['--bg', '--bg-secondary', '--section-bg', '--header-bg', '--bottom-bar-bg'];
const TINT = 0.14;
/** A hair above 4.5:1, so a bar drawn a shade off its surface (translucent over content) still passes. */
const TARGET = MIN_TEXT_CONTRAST + 0.1;

const colourOf = (style: CSSStyleDeclaration, name: string) => parseHex(style.getPropertyValue(name));
const present = (colours: Array<Rgb | null>) => colours.filter((c): c is Rgb => c !== null);
const tinted = (surfaces: readonly Rgb[], tint: Rgb) => surfaces.map((s) => mix(s, tint, TINT));

/** The colours the shades are worked out from. */
const INPUTS = [
  ...SURFACES,
  '--accent',
  ...['--hint', '--subtitle', '--link', '--accent-label', '--destructive', '--accent-text'].map((n) => `${n}-theme`),
];

/** Each text colour of the page as the theme gives it (`--x-theme`) and the shade it is drawn in (`--x`). */
function readableColours(style: CSSStyleDeclaration): Record<string, Rgb | null> {
  const surfaces = present(SURFACES.map((name) => colourOf(style, name)));
  const theme = (name: string) => colourOf(style, `${name}-theme`);
  const accent = colourOf(style, '--accent');
  const destructive = theme('--destructive');
  const onAccent = present([accent]);
  const accentSurfaces = accent ? [...surfaces, ...tinted(surfaces, accent)] : surfaces;
  const onFill = (fg: Rgb | null) => fg && (accent ? textOn(accent, fg) : fg);
  const accentText = onFill(theme('--accent-text'));
  const readable = (fg: Rgb | null, backgrounds: readonly Rgb[]) => fg && readableOn(fg, backgrounds, TARGET);
  return {
    '--hint': readable(theme('--hint'), surfaces),
    '--subtitle': readable(theme('--subtitle'), surfaces),
    '--link': readable(theme('--link'), accentSurfaces),
    '--accent-label': readable(theme('--accent-label'), accentSurfaces),
    '--destructive': readable(destructive, destructive ? [...surfaces, ...tinted(surfaces, destructive)] : surfaces),
    '--accent-text': accentText,
    // Times and ticks in one's own bubbles: softer than the bubble's text, yet 4.5:1 on the accent.
    '--accent-meta': accentText && accent ? readable(mix(accentText, accent, 0.3), onAccent) : null,
  };
}

/**
 * Text takes the theme's colour only where it reaches 4.5:1 on the backgrounds it is drawn on; otherwise a darker (on
 * dark themes lighter) shade of it, set on <html> over the stylesheet's value. Filled buttons get black or white text.
 */
function applyReadablePalette(root: HTMLElement = document.documentElement): void {
  const style = getComputedStyle(root);
  // The same palette (the SDK binds Telegram's colours one variable at a time at start-up) gives the same shades.
  const key = INPUTS.map((name) => style.getPropertyValue(name).trim()).join();
  let colours = worked.get(key);
  if (!colours) worked.set(key, (colours = readableColours(style)));
  for (const [name, colour] of Object.entries(colours)) {
    const themed = style.getPropertyValue(`${name}-theme`).trim().toLowerCase();
    const value = colour ? toHex(colour) : '';
    const wanted = value === themed ? '' : value;
    if (root.style.getPropertyValue(name) === wanted) continue;
    if (wanted) root.style.setProperty(name, wanted);
    else root.style.removeProperty(name);
  }
}

const worked = new Map<string, Record<string, Rgb | null>>();
let watching = false;

/**
 * Keeps the shades right as the palette changes: Telegram's theme, a palette chosen on /theme, the system's scheme.
 * Once a frame at most: the SDK binds Telegram's colours a variable at a time, and every reading of the computed
 * style after a change restyles the whole page, which the frame does anyway just before it paints.
 */
export function keepPaletteReadable(): void {
  applyReadablePalette();
  if (watching || typeof MutationObserver !== 'function') return;
  watching = true;
  const root = document.documentElement;
  let scheduled = false;
  const applyThisFrame = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      applyReadablePalette();
    });
  };
  new MutationObserver(applyThisFrame).observe(root, { attributes: true, attributeFilter: ['style', 'data-theme', 'data-theme-mode'] });
  window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', applyThisFrame);
}
