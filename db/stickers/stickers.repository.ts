import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Kysely } from 'kysely';
import { sqlOf, type Database } from '../kysely';
import { DEFAULT_STICKER_PACK } from './default-sticker-drawings';

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

/** The packs whose stickers the user may send: those they added, and the product's own pack that everyone has. */
export function usablePackIds(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('user_sticker_packs')
    .select('pack_id as id')
    .where('user_id', '=', userId)
    .union(db.selectFrom('sticker_packs').select('id').where('name', '=', DEFAULT_STICKER_PACK.name));
}

/** Every sticker of the user's packs, packs in the order they were added, the product's own pack last. */
export async function stickersOfUser(em: EntityManager, userId: number): Promise<StickerRow[]> {
  const db = sqlOf(em);
  const rows = await db
    .selectFrom('sticker_packs as p')
    .innerJoin('stickers as s', 's.pack_id', 'p.id')
    .leftJoin('user_sticker_packs as up', (join) => join.onRef('up.pack_id', '=', 'p.id').on('up.user_id', '=', userId))
    .select(STICKER_COLUMNS)
    .where('p.id', 'in', usablePackIds(db, userId))
    .orderBy(sql`up.added_at is null`)
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
