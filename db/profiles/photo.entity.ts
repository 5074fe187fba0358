import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { Image } from '../media/image.entity';
import { User } from '../users/user.entity';

const PHOTO_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;

/** One of a profile's three photos (position 0..2); queued replacements live in a PHOTOS moderation item. */
export const Photo = defineEntity({
  name: 'Photo',
  tableName: 'photos',
  properties: (p) => ({
    id: p.integer().primary(),
    owner: p.manyToOne(User).mapToPk().deleteRule('cascade').updateRule('cascade'),
    image: p.manyToOne(Image).mapToPk().deleteRule('cascade').updateRule('cascade').index(),
    position: p.smallint(),
    status: p.enum([...PHOTO_STATUSES]).default('PENDING'),
    createdAt: p.datetime().onCreate(() => new Date()),
  }),
  uniques: [{ properties: ['owner', 'position'] }],
});

export type Photo = InferEntity<typeof Photo>;
