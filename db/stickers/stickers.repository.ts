import type { EntityManager } from '@mikro-orm/postgresql';
import { query } from '../sql';

export interface StickerRow {
  id: number;
  position: number;
  emoji: string | null;
  imageId: string;
  packName: string;
  packTitle: string;
}

interface Row {
  id: string;
  position: number;
  emoji: string | null;
  image_id: string;
  pack_name: string;
  pack_title: string;
}

const toSticker = (r: Row): StickerRow => ({ id: Number(r.id), position: r.position, emoji: r.emoji, imageId: r.image_id, packName: r.pack_name, packTitle: r.pack_title });

/** Every sticker of the user's packs, packs in the order they were added. */
export async function stickersOfUser(em: EntityManager, userId: number): Promise<StickerRow[]> {
  const rows = await query<Row>(em, 
    `SELECT s.id, s.position, s.emoji, s.image_id, p.name AS pack_name, p.title AS pack_title
       FROM user_sticker_packs up JOIN sticker_packs p ON p.id = up.pack_id JOIN stickers s ON s.pack_id = p.id
      WHERE up.user_id = ? ORDER BY up.added_at, p.id, s.position`,
    [userId],
  );
  return rows.map(toSticker);
}

export async function stickersOfPack(em: EntityManager, packId: number): Promise<StickerRow[]> {
  const rows = await query<Row>(em, 
    `SELECT s.id, s.position, s.emoji, s.image_id, p.name AS pack_name, p.title AS pack_title
       FROM stickers s JOIN sticker_packs p ON p.id = s.pack_id WHERE p.id = ? ORDER BY s.position`,
    [packId],
  );
  return rows.map(toSticker);
}

export async function findPack(em: EntityManager, name: string): Promise<{ id: number; name: string; title: string } | null> {
  const rows = await query<{ id: number; name: string; title: string }>(em, 'SELECT id, name, title FROM sticker_packs WHERE lower(name) = lower(?)', [name]);
  return rows[0] ?? null;
}

export async function linkPack(em: EntityManager, userId: number, packId: number): Promise<void> {
  await query(em, 'INSERT INTO user_sticker_packs (user_id, pack_id, added_at) VALUES (?, ?, now()) ON CONFLICT DO NOTHING', [userId, packId]);
}
