import { ALLOWED_RENDITIONS, allowedRendition, type ImageFormat, type ImageVariant } from '../../contracts/media';

export interface Rendition {
  /** Target width, or null for "fit the variant's longest side". */
  width: number | null;
  maxSide: number;
  quality: number;
  format: ImageFormat;
}

/**
 * The allowed rendition (ALLOWED_RENDITIONS) nearest to the client's w and f; q is the variant's own. A fixed set
 * keeps the encodes and the stored files per image bounded whatever clients ask for.
 */
export function resolveRendition(variant: ImageVariant, query: { w?: number; q?: number; f?: ImageFormat }): Rendition {
  const { quality, defaultSide } = ALLOWED_RENDITIONS[variant];
  const { w, f } = allowedRendition(variant, query);
  return { width: w, maxSide: defaultSide, quality, format: f };
}

export const renditionKey = (id: string, r: Rendition) => `images/${id}/r/${r.width ?? `max${r.maxSide}`}-q${r.quality}.${r.format}`;
export const masterKey = (id: string) => `images/${id}/master.webp`;
export const imagePrefix = (id: string) => `images/${id}/`;
/** Where a deleted chat photo is kept as evidence of an open report: outside images/, never served by /cdn/images. */
export const evidencePrefix = (id: string) => `evidence/${id}/`;

export const MIME: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };
