import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A Telegram sticker set imported once (by its unique set name) and shared by everyone who adds it. */
export const StickerPack = defineEntity({
  name: 'StickerPack',
  tableName: 'sticker_packs',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    name: p.string().length(64).unique(),
    title: p.string().length(128),
    createdAt: p.datetime().onCreate(() => new Date()),
  }),
});

export type StickerPack = InferEntity<typeof StickerPack>;
