import type { EntityManager } from '@mikro-orm/postgresql';
import { CHAT_MESSAGES } from '../../contracts/chat';
import { AppError } from '../../contracts/errors';
import { recordScreening } from '../media/screening/screening-events';
import { type ImageScreening, SCREENING_PER_OWNER, type ScreeningResult } from '../media/screening/screening';
import { SCREENING_ERRORS, SCREENING_MESSAGES } from '../../contracts/screening';
import type { Storage } from '../media/storage';
import { screenAs, toWebp } from './sticker-picture';
import type { SourceSticker, StickerSource } from './sticker-source';
import { savePack } from './sticker-pack-store';
import { findPack, linkPack, stickersOfPack, type StickerRow } from './stickers.repository';

const MAX_STICKERS = 120;
const MAX_FILE_BYTES = 1024 * 1024;
// An importer's share of the screening queue: each download is screened next.
const DOWNLOADS_AT_ONCE = SCREENING_PER_OWNER;

export interface ImportedPack {
  pack: { id: number; name: string; title: string };
  stickers: StickerRow[];
}

interface Picture {
  sticker: SourceSticker;
  position: number;
  webp: Buffer;
  screening: ScreeningResult | null;
}

/** A still picture for the sticker: its own file, or the thumbnail of an animated or video one. */
const pictureFileId = (s: SourceSticker) => (s.isAnimated || s.isVideo ? s.thumbnailFileId : s.fileId);

const packRefused = () => new AppError(SCREENING_ERRORS.stickerPackRefused, SCREENING_MESSAGES.stickerPackRefused);

/**
 * Downloads, converts and screens the set's pictures, nothing stored yet. One explicit picture refuses the whole
 * pack (issue #27): the rest is not even screened.
 */
async function fetchPictures(
  source: StickerSource,
  stickers: SourceSticker[],
  screening: { by: ImageScreening; ownerId: number } | null,
): Promise<Picture[]> {
  const todo = stickers.slice(0, MAX_STICKERS).map((sticker, position) => ({ sticker, position }));
  const fetched: Picture[] = [];
  let refused = false;
  const worker = async () => {
    for (let next = todo.shift(); next && !refused; next = todo.shift()) {
      const fileId = pictureFileId(next.sticker);
      if (!fileId) continue;
      // One unreadable sticker does not spoil the pack.
      const webp = await source
        .download(fileId, MAX_FILE_BYTES)
        .then(toWebp)
        .catch(() => null);
      if (!webp) continue;
      const result = screening ? await screenAs(screening.by, screening.ownerId, webp) : null;
      if (result?.verdict === 'explicit') refused = true;
      fetched.push({ ...next, webp, screening: result });
    }
  };
  const failed = (await Promise.allSettled(Array.from({ length: DOWNLOADS_AT_ONCE }, worker))).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  if (refused) throw packRefused();
  return fetched.sort((a, b) => a.position - b.position);
}

async function linked(em: EntityManager, userId: number, pack: { id: number; name: string; title: string }): Promise<ImportedPack> {
  await linkPack(em, userId, pack.id);
  return { pack, stickers: await stickersOfPack(em, pack.id) };
}

/**
 * Adds a Telegram sticker set to the user's packs. A set is fetched through the Bot API, screened (one explicit
 * picture refuses the pack: 400 STICKER_PACK_REFUSED, nothing stored) and stored once (WebP pictures in the image
 * storage, borderline ones marked `sensitive`); later imports of the same set only link it.
 */
export async function importStickerSet(
  em: EntityManager,
  deps: { storage: Storage; source: StickerSource; screening?: ImageScreening },
  userId: number,
  name: string,
): Promise<ImportedPack> {
  const known = await findPack(em, name);
  if (known) return linked(em, userId, known);
  const set = await deps.source.getStickerSet(name).catch(() => {
    throw new AppError('UNAVAILABLE', CHAT_MESSAGES.stickerImportFailed);
  });
  if (!set) throw new AppError('NOT_FOUND', CHAT_MESSAGES.stickerSetNotFound);
  const canonical = await findPack(em, set.name);
  if (canonical) return linked(em, userId, canonical);

  const screening = deps.screening?.enabled ? deps.screening : null;
  let fetched: Picture[];
  try {
    fetched = await fetchPictures(deps.source, set.stickers, screening && { by: screening, ownerId: userId });
  } catch (err) {
    if (err instanceof AppError && err.code === SCREENING_ERRORS.stickerPackRefused)
      await recordScreening(em, userId, 'STICKER_PACK', 'REFUSED');
    throw err;
  }
  if (fetched.length === 0) throw new AppError('BAD_REQUEST', CHAT_MESSAGES.stickerSetEmpty);
  const pictures = fetched.map(({ sticker, position, webp, screening: result }) => ({
    position,
    emoji: sticker.emoji,
    fileUniqueId: sticker.fileUniqueId,
    webp,
    screening: result,
  }));
  return linked(em, userId, await savePack(em, deps.storage, set, pictures));
}
