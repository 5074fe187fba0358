import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { User } from '../users/user.entity';
import { StickerPack } from './sticker-pack.entity';

/** A pack the user added; only stickers of these packs may be sent by them. */
export const UserStickerPack = defineEntity({
  name: 'UserStickerPack',
  tableName: 'user_sticker_packs',
  properties: (p) => ({
    user: p.manyToOne(User).primary().mapToPk().deleteRule('cascade').fieldName('user_id'),
    pack: p.manyToOne(StickerPack).primary().mapToPk().deleteRule('cascade').fieldName('pack_id').index(),
    addedAt: p.datetime().onCreate(() => new Date()),
  }),
});

export type UserStickerPack = InferEntity<typeof UserStickerPack>;
