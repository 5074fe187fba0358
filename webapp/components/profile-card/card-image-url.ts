import {
  allowedImagePath,
  CARD_PHOTO_WIDTHS,
  IMAGE_VARIANTS,
  type ImageFormat,
  type ImageVariant,
} from '../../../contracts/image-renditions';

/** Thumbnails (photo sheet, likes history); the card itself uses a srcset over CARD_PHOTO_WIDTHS. */
export const THUMB_PHOTO_WIDTH = 480;
/** The card is as wide as the screen up to 460 px (profile-card.module.css). */
export const CARD_PHOTO_SIZES = '(min-width: 460px) 460px, 100vw';

const OWN_IMAGE = /^\/cdn\/images\/([a-f0-9]{24})\/([a-z]+)\/?(?:\?.*)?$/;

/** The id and variant of one of our image paths (`/cdn/images/{id}/{variant}`, any query), or null. */
function ownImage(url: string): { id: string; variant: ImageVariant } | null {
  const match = OWN_IMAGE.exec(url);
  const variant = match?.[2] as ImageVariant | undefined;
  return match && variant && IMAGE_VARIANTS.includes(variant) ? { id: match[1]!, variant } : null;
}

/** One of our image paths as the allowed rendition nearest to `width` (ALLOWED_RENDITIONS); other URLs as they are. */
export function sizedImageUrl(url: string, width: number, format?: ImageFormat): string {
  const own = ownImage(url);
  return own ? allowedImagePath(own.id, own.variant, { w: width, f: format }) : url;
}

export interface CardPhotoSources {
  /** The fallback URL (the largest WebP), or the URL as given when it is not ours. */
  src: string;
  /** AVIF and WebP srcsets over the card widths; absent for URLs that are not ours. */
  avif?: string;
  webp?: string;
}

const srcSetOf = (url: string, format: ImageFormat) => CARD_PHOTO_WIDTHS.map((w) => `${sizedImageUrl(url, w, format)} ${w}w`).join(', ');

/** A card photo in every allowed width, so the browser takes the smallest that fills the screen, in AVIF when it can. */
export function cardPhotoSources(url: string): CardPhotoSources {
  if (!ownImage(url)) return { src: url };
  return { src: sizedImageUrl(url, CARD_PHOTO_WIDTHS.at(-1)!, 'webp'), avif: srcSetOf(url, 'avif'), webp: srcSetOf(url, 'webp') };
}

/** The same image asked for again past any cached failure. */
export function retryImageUrl(url: string, attempt: number): string {
  if (attempt === 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}retry=${attempt}`;
}

/** A srcset with every candidate asked for again (retryImageUrl). */
export function retrySrcSet(srcSet: string, attempt: number): string {
  if (attempt === 0) return srcSet;
  return srcSet
    .split(', ')
    .map((candidate) => {
      const [url = '', descriptor = ''] = candidate.split(' ');
      return `${retryImageUrl(url, attempt)} ${descriptor}`;
    })
    .join(', ');
}
