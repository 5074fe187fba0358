import sharp from 'sharp';
import { STICKER_BACKGROUND } from '../media/backgrounds';
import { SCREENING_SIDE } from '../../platform/screening/classifier';
import type { ImageScreening, ScreeningResult } from '../media/screening/screening';

/** The stored picture: at most 512 px, its transparency flattened on STICKER_BACKGROUND (screened and shown as stored). */
export async function toWebp(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: 4_000_000, failOn: 'error' })
    .resize({ width: 512, height: 512, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: STICKER_BACKGROUND })
    .webp({ quality: 90, effort: 4 })
    .toBuffer();
}

/** The classifier's input from a sticker's stored picture (toWebp; as SCREENING_PIXEL_STEPS makes it from an upload). */
export const stickerScreeningPixels = (webp: Buffer) =>
  sharp(webp)
    .resize(SCREENING_SIDE, SCREENING_SIDE, { fit: 'fill' })
    .flatten({ background: STICKER_BACKGROUND })
    .toColourspace('srgb')
    .raw()
    .toBuffer();

/** One picture's screening, in one of the importer's places of the screening queue (ImageScreening.reserve). */
export async function screenAs(screening: ImageScreening, ownerId: number, webp: Buffer): Promise<ScreeningResult | null> {
  const release = screening.reserve(ownerId);
  try {
    return await screening.screen(await stickerScreeningPixels(webp));
  } finally {
    release();
  }
}
