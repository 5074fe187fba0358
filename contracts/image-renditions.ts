// Image paths and the renditions /cdn serves: no zod, so the page's inline start-up script can build a card's srcset.
export const IMAGE_VARIANTS = ['profile', 'avatar', 'media'] as const;
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];
export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** Image ids are random lowercase hex (24 characters). */
export const IMAGE_ID_PATTERN = /^[a-f0-9]{24}$/;
export const IMAGE_PATH_PREFIX = '/cdn/images/';

type RenditionWidths = readonly (number | null)[];

/**
 * The only renditions /cdn encodes and serves (issue #21): per variant its one quality, the longest side of its
 * default size, and for each format the widths the app asks for (null: the default size). JPEG 720 is what the
 * bot sends Telegram; the card's srcset uses CARD_PHOTO_WIDTHS. Any other query is served the nearest of these.
 */
export const ALLOWED_RENDITIONS = {
  profile: {
    quality: 82,
    defaultSide: 1080,
    formats: { avif: [null, 128, 256, 360, 480, 720, 1080], webp: [360, 480, 720, 1080], jpeg: [720] },
  },
  avatar: { quality: 85, defaultSide: 512, formats: { webp: [null, 128, 256] } },
  media: { quality: 85, defaultSide: 1440, formats: { webp: [null, 256, 360], jpeg: [720] } },
} as const satisfies Record<ImageVariant, { quality: number; defaultSide: number; formats: Partial<Record<ImageFormat, RenditionWidths>> }>;

/** Widths of the profile card's photo srcset, in both of its formats (AVIF, WebP where AVIF is not supported). */
export const CARD_PHOTO_WIDTHS = [360, 480, 720, 1080] as const;

export interface AllowedRendition {
  /** null: the variant's default size (longest side `defaultSide`). */
  w: number | null;
  f: ImageFormat;
}

/** The allowed rendition nearest to a query: its format if allowed (else the variant's first), the smallest width not below `w`. */
export function allowedRendition(variant: ImageVariant, query: { w?: number; f?: ImageFormat }): AllowedRendition {
  const { formats, defaultSide } = ALLOWED_RENDITIONS[variant];
  const allowed = formats as Partial<Record<ImageFormat, RenditionWidths>>;
  const f = query.f && allowed[query.f] ? query.f : (Object.keys(formats)[0] as ImageFormat);
  const widths = allowed[f] ?? [];
  if (query.w === undefined && widths.includes(null)) return { w: null, f };
  // The default size counts as its longest side; on a tie the explicit width wins.
  const bySize = widths.map((w) => ({ w, side: w ?? defaultSide })).sort((a, b) => a.side - b.side || (a.w === null ? 1 : -1));
  const wanted = query.w ?? Infinity;
  return { w: (bySize.find((x) => x.side >= wanted) ?? bySize.at(-1))?.w ?? null, f };
}

/** The URL of the allowed rendition nearest to `params` (the variant's defaults are left out of the query). */
export function allowedImagePath(id: string, variant: ImageVariant, params: { w?: number; f?: ImageFormat } = {}): string {
  const { w, f } = allowedRendition(variant, params);
  const defaultFormat = Object.keys(ALLOWED_RENDITIONS[variant].formats)[0];
  return imagePath(id, variant, { w: w ?? undefined, f: f === defaultFormat ? undefined : f });
}

export function imagePath(id: string, variant: ImageVariant, params: { w?: number; q?: number; f?: ImageFormat } = {}): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) query.set(k, String(v));
  const qs = query.toString();
  return `${IMAGE_PATH_PREFIX}${id}/${variant}${qs ? `?${qs}` : ''}`;
}
