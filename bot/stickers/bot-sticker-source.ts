import { GrammyError, type Api } from 'grammy';
import type { SourceStickerSet, StickerSource } from '../../db/stickers/sticker-source';

/** Sticker sets through the bot's Bot API: getStickerSet, getFile, then the file download URL. */
export function createBotStickerSource(api: Api, opts: { apiRoot: string; token: string; fetch?: typeof fetch }): StickerSource {
  const download = opts.fetch ?? fetch;
  return {
    async getStickerSet(name): Promise<SourceStickerSet | null> {
      try {
        const set = await api.getStickerSet(name);
        return {
          name: set.name,
          title: set.title,
          stickers: set.stickers.map((s) => ({
            fileId: s.file_id,
            fileUniqueId: s.file_unique_id,
            emoji: s.emoji ?? null,
            isAnimated: s.is_animated,
            isVideo: s.is_video,
            thumbnailFileId: s.thumbnail?.file_id ?? null,
          })),
        };
      } catch (err) {
        // STICKERSET_INVALID: no such set.
        if (err instanceof GrammyError && err.error_code === 400) return null;
        throw err;
      }
    },
    async download(fileId, maxBytes) {
      const file = await api.getFile(fileId);
      if (!file.file_path || (file.file_size ?? 0) > maxBytes) throw new Error('sticker file unavailable or too large');
      const res = await download(`${opts.apiRoot.replace(/\/$/, '')}/file/bot${opts.token}/${file.file_path}`, {
        signal: AbortSignal.timeout(15_000),
      });
      if (!res.ok) throw new Error(`sticker download failed: ${res.status}`);
      const bytes = Buffer.from(await res.arrayBuffer());
      if (bytes.length > maxBytes) throw new Error('sticker file too large');
      return bytes;
    },
  };
}
