/** A sticker of a set as the Bot API describes it (only what the import needs). */
export interface SourceSticker {
  fileId: string;
  fileUniqueId: string;
  emoji: string | null;
  /** Animated (.tgs) and video (.webm) stickers have no still picture of their own. */
  isAnimated: boolean;
  isVideo: boolean;
  thumbnailFileId: string | null;
}

export interface SourceStickerSet {
  name: string;
  title: string;
  stickers: SourceSticker[];
}

/** Where sticker sets come from: the bot's Bot API (getStickerSet, getFile, file download). */
export interface StickerSource {
  /** The set, or null when Telegram does not know the name. */
  getStickerSet(name: string): Promise<SourceStickerSet | null>;
  /** The file's bytes (at most `maxBytes`). */
  download(fileId: string, maxBytes: number): Promise<Buffer>;
}
