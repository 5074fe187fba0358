import type { ProfileCard } from '../../../../api/contracts/profile-card';
import { CARD_PHOTO_WIDTH, sizedImageUrl } from '../../../components/profile-card/card-image-url';

const loading = new Set<HTMLImageElement>();

/** Fetches a card's first photo into the browser's cache before the card is drawn, so it shows at once. */
export function preloadCardPhoto(card: ProfileCard): void {
  const url = card.photos[0];
  if (!url) return;
  const image = new Image();
  // Held until it settles: an image nobody references may be dropped mid-load.
  loading.add(image);
  image.onload = image.onerror = () => loading.delete(image);
  image.src = sizedImageUrl(url, CARD_PHOTO_WIDTH);
}
