import { defineEntity, type InferEntity } from '@mikro-orm/core';
import type { ScreeningScores } from '../../contracts/screening';
import { StickerPack } from './sticker-pack.entity';

/**
 * One sticker of a pack. Its picture is a WebP master in the image storage under `images/{imageId}/`
 * with no `images` row: stickers belong to no user, so no account deletion may take them away.
 */
export const Sticker = defineEntity({
  name: 'Sticker',
  tableName: 'stickers',
  properties: (p) => ({
    id: p.bigint('number').primary().autoincrement(),
    pack: p.manyToOne(StickerPack).mapToPk().deleteRule('cascade').updateRule('cascade').fieldName('pack_id'),
    position: p.smallint(),
    emoji: p.string().length(16).nullable(),
    imageId: p.string().length(32),
    fileUniqueId: p.string().length(64),
    // Screening of its picture at import (issue #27; null before screening): a borderline sticker arrives `sensitive`.
    screening: p.json<ScreeningScores>().nullable(),
    sensitive: p.boolean().default(false),
  }),
  uniques: [{ properties: ['pack', 'fileUniqueId'] }],
});

export type Sticker = InferEntity<typeof Sticker>;
