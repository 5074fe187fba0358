import type { EntityManager } from '@mikro-orm/postgresql';
import type { Storage } from '../media/storage';
import { DEFAULT_STICKER_PACK, DEFAULT_STICKERS } from './default-sticker-drawings';
import { toWebp } from './sticker-picture';
import { savePack } from './sticker-pack-store';
import { findPack } from './stickers.repository';

/** Draws and stores the product's own pack once (nothing fetched: the drawings are in the code); later calls find it. */
export async function ensureDefaultStickerPack(em: EntityManager, storage: Storage): Promise<void> {
  if (await findPack(em, DEFAULT_STICKER_PACK.name)) return;
  const pictures = await Promise.all(
    DEFAULT_STICKERS.map(async ({ emoji, svg }, position) => ({
      position,
      emoji,
      fileUniqueId: `default-${position}`,
      webp: await toWebp(Buffer.from(svg)),
      screening: null,
    })),
  );
  await savePack(em, storage, DEFAULT_STICKER_PACK, pictures);
}
