import type { ImageFormat, ImageVariant } from '../../api/contracts/media';

export interface Rendition {
  /** Target width, or null for "fit the variant's longest side". */
  width: number | null;
  maxSide: number;
  quality: number;
  format: ImageFormat;
}

/** Profile photos: side 1080, AVIF ≈0.82 (end-user.md §5); avatars and chat media in WebP. */
const DEFAULTS: Record<ImageVariant, Omit<Rendition, 'width'>> = {
  profile: { maxSide: 1080, quality: 82, format: 'avif' },
  avatar: { maxSide: 512, quality: 85, format: 'webp' },
  media: { maxSide: 1440, quality: 85, format: 'webp' },
};

// A small fixed set keeps the on-disk cache bounded whatever widths clients ask for.
const WIDTHS = [64, 128, 256, 360, 480, 640, 720, 1080, 1440, 2048];

const snapWidth = (w: number) => WIDTHS.find((x) => x >= w) ?? WIDTHS[WIDTHS.length - 1]!;

/** The variant's defaults with the client's w (clamped 64–2048, snapped up), q (30–95, step 5) and f applied. */
export function resolveRendition(variant: ImageVariant, query: { w?: number; q?: number; f?: ImageFormat }): Rendition {
  const base = DEFAULTS[variant];
  return {
    width: query.w === undefined ? null : snapWidth(Math.min(Math.max(query.w, 64), 2048)),
    maxSide: base.maxSide,
    quality: query.q === undefined ? base.quality : Math.round(Math.min(Math.max(query.q, 30), 95) / 5) * 5,
    format: query.f ?? base.format,
  };
}

export const renditionKey = (id: string, r: Rendition) => `images/${id}/r/${r.width ?? `max${r.maxSide}`}-q${r.quality}.${r.format}`;
export const masterKey = (id: string) => `images/${id}/master.webp`;
export const imagePrefix = (id: string) => `images/${id}/`;

export const MIME: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };
