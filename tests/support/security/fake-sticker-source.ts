import type { StickerSource } from '../../../db/stickers/sticker-source';
import { makeImage } from '../images';

/** Telegram's sticker sets in memory: any name starting with `Known` is a one-sticker set, others are unknown. */
export function fakeStickerSource(): StickerSource {
  return {
    getStickerSet: async (name) =>
      name.startsWith('Known')
        ? {
            name,
            title: `Набор ${name}`,
            stickers: [{ fileId: 'f1', fileUniqueId: 'u1', emoji: '😀', isAnimated: false, isVideo: false, thumbnailFileId: null }],
          }
        : null,
    download: () => makeImage('png', { width: 64, height: 64 }),
  };
}
