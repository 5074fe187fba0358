/** Spec §7 widths: 1080 for the card, 480 for thumbnails. */
export const CARD_PHOTO_WIDTH = 1080;
export const THUMB_PHOTO_WIDTH = 480;
const QUALITY = 85;

/** Adds width and quality to one of our image paths (`/cdn/images/{id}/{variant}`); other URLs are left as they are. */
export function sizedImageUrl(url: string, width: number): string {
  if (!url.startsWith('/cdn/images/')) return url;
  const [path = '', query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  params.set('w', String(width));
  params.set('q', String(QUALITY));
  return `${path}?${params.toString()}`;
}

/** The same image asked for again past any cached failure. */
export function retryImageUrl(url: string, attempt: number): string {
  if (attempt === 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}retry=${attempt}`;
}
