import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { CHAT_MESSAGES } from '../../contracts/chat';
import { AppError } from '../../contracts/errors';
import type { ScreeningResult } from '../media/screening/screening';
import { isSensitive } from '../media/screening/screening';
import { newImageId, putImageFile } from '../media/images.service';
import { imagePrefix, masterKey } from '../media/renditions';
import type { Storage } from '../media/storage';
import { sqlOf } from '../kysely';
import { findPack } from './stickers.repository';

/** One converted sticker picture of a pack, ready to be stored (sticker-picture.ts toWebp). */
export interface PackPicture {
  position: number;
  emoji: string | null;
  fileUniqueId: string;
  webp: Buffer;
  screening: ScreeningResult | null;
}

export interface StoredPack {
  id: number;
  name: string;
  title: string;
}

async function storePictures(storage: Storage, pictures: PackPicture[]): Promise<Array<PackPicture & { imageId: string }>> {
  const stored: Array<PackPicture & { imageId: string }> = [];
  try {
    for (const picture of pictures) {
      const imageId = newImageId();
      await putImageFile(storage, imageId, masterKey(imageId), picture.webp);
      stored.push({ ...picture, imageId });
    }
  } catch (err) {
    // A storage failure (disk full) keeps none of the pack: no files without rows.
    await Promise.all(stored.map((p) => storage.delete(imagePrefix(p.imageId)).catch(() => undefined)));
    throw err;
  }
  return stored;
}

/**
 * Stores a pack's pictures and rows once: when another process stored the same name a moment earlier, theirs stays,
 * our copies go, and theirs is returned.
 */
export async function savePack(
  em: EntityManager,
  storage: Storage,
  set: { name: string; title: string },
  pictures: PackPicture[],
): Promise<StoredPack> {
  const stored = await storePictures(storage, pictures);
  const title = set.title.slice(0, 128);
  const packId = await em.transactional(async (tx) => {
    const db = sqlOf(tx);
    const row = await db
      .insertInto('sticker_packs')
      .values({ name: set.name, title, created_at: sql`now()` })
      .onConflict((oc) => oc.column('name').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return null;
    for (const p of stored) {
      await db
        .insertInto('stickers')
        .values({
          pack_id: row.id,
          position: p.position,
          emoji: p.emoji?.slice(0, 16) ?? null,
          image_id: p.imageId,
          file_unique_id: p.fileUniqueId.slice(0, 64),
          screening: p.screening?.scores ?? null,
          sensitive: isSensitive(p.screening?.verdict),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    return row.id;
  });
  if (packId !== null) return { id: Number(packId), name: set.name, title };
  await Promise.all(stored.map((p) => storage.delete(imagePrefix(p.imageId))));
  const winner = await findPack(em, set.name);
  if (!winner) throw new AppError('UNAVAILABLE', CHAT_MESSAGES.stickerImportFailed);
  return winner;
}
