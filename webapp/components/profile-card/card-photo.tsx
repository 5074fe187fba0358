import type { ImgHTMLAttributes, Ref } from 'react';
import { CARD_PHOTO_SIZES, cardPhotoSources, retryImageUrl, retrySrcSet } from './card-image-url';

export interface CardPhotoProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> {
  /** The photo's URL as the server sends it. */
  url: string;
  /** How many times it was asked for again (part of every URL, so a cached failure is not reused). */
  attempt: number;
  ref?: Ref<HTMLImageElement>;
}

/** One card photo: AVIF where the browser takes it, WebP otherwise, each in the width the screen needs. */
export function CardPhoto({ url, attempt, ref, ...img }: CardPhotoProps) {
  const sources = cardPhotoSources(url);
  return (
    <picture>
      {sources.avif && <source type="image/avif" srcSet={retrySrcSet(sources.avif, attempt)} sizes={CARD_PHOTO_SIZES} />}
      <img
        {...img}
        ref={ref}
        src={retryImageUrl(sources.src, attempt)}
        srcSet={sources.webp && retrySrcSet(sources.webp, attempt)}
        sizes={sources.webp && CARD_PHOTO_SIZES}
      />
    </picture>
  );
}
