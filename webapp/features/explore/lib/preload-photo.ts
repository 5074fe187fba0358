import type { ProfileCard } from '../../../../contracts/profile-card';
import { CARD_PHOTO_SIZES, cardPhotoSources } from '../../../components/profile-card/card-image-url';

const loading = new Set<HTMLImageElement>();

/**
 * Fetches a card's first photo into the browser's cache before the card is drawn, so it shows at once; resolves
 * when the photo is decoded (or failed: the card then shows its own retry), at once where decode() is missing.
 */
export function preloadCardPhoto(card: ProfileCard, priority: 'high' | 'low' = 'high'): Promise<void> {
  const url = card.photos[0];
  if (!url) return Promise.resolve();
  const image = new Image();
  // An image is asked for at low priority, behind the route's scripts: the first card's is the LCP ('high');
  // the card after it ('low') must not compete with the one on screen.
  image.fetchPriority = priority;
  // Held until it settles: an image nobody references may be dropped mid-load.
  loading.add(image);
  image.onload = image.onerror = () => loading.delete(image);
  // The rendition the card's <picture> will pick: AVIF at the width this screen needs.
  const sources = cardPhotoSources(url);
  if (sources.avif) {
    image.sizes = CARD_PHOTO_SIZES;
    image.srcset = sources.avif;
  } else image.src = sources.src;
  if (typeof image.decode !== 'function') return Promise.resolve();
  return image.decode().then(
    () => undefined,
    () => undefined,
  );
}
