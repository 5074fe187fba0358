import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { sqlOf } from '../kysely';

export interface StickerRow {
  id: number;
  position: number;
  emoji: string | null;
  imageId: string;
  packName: string;
  packTitle: string;
}

/** The columns of a sticker with its pack, from stickers `s` joined to sticker_packs `p`. */
const STICKER_COLUMNS = ['s.id', 's.position', 's.emoji', 's.image_id', 'p.name as pack_name', 'p.title as pack_title'] as const;

// Sticker ids are bigints, which come back as text: Number() either way.
const toSticker = (r: {
  id: number | string;
  position: number | string;
  emoji: string | null;
  image_id: string;
  pack_name: string;
  pack_title: string;
}): StickerRow => ({
  id: Number(r.id),
  position: Number(r.position),
  emoji: r.emoji,
  imageId: r.image_id,
  packName: r.pack_name,
  packTitle: r.pack_title,
});

/** Every sticker of the user's packs, packs in the order they were added. */
export async function stickersOfUser(em: EntityManager, userId: number): Promise<StickerRow[]> {
  const rows = await sqlOf(em)
    .selectFrom('user_sticker_packs as up')
    .innerJoin('sticker_packs as p', 'p.id', 'up.pack_id')
    .innerJoin('stickers as s', 's.pack_id', 'p.id')
    .select(STICKER_COLUMNS)
    .where('up.user_id', '=', userId)
    .orderBy('up.added_at')
    .orderBy('p.id')
    .orderBy('s.position')
    .execute();
  return rows.map(toSticker);
}

export async function stickersOfPack(em: EntityManager, packId: number): Promise<StickerRow[]> {
  const rows = await sqlOf(em)
    .selectFrom('stickers as s')
    .innerJoin('sticker_packs as p', 'p.id', 's.pack_id')
    .select(STICKER_COLUMNS)
    .where('p.id', '=', packId)
    .orderBy('s.position')
    .execute();
  return rows.map(toSticker);
}

export async function findPack(em: EntityManager, name: string): Promise<{ id: number; name: string; title: string } | null> {
  const pack = await sqlOf(em)
    .selectFrom('sticker_packs')
    .select(['id', 'name', 'title'])
    .where((eb) => eb(eb.fn('lower', ['name']), '=', sql<string>`lower(${name})`))
    .executeTakeFirst();
  return pack ? { ...pack, id: Number(pack.id) } : null;
}

export async function linkPack(em: EntityManager, userId: number, packId: number): Promise<void> {
  await sqlOf(em)
    .insertInto('user_sticker_packs')
    .values({ user_id: userId, pack_id: packId, added_at: sql`now()` })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
