import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { User } from '../users/user.entity';

/**
 * The product showed `subject` to `viewer` (AMENDMENTS §5.1): the feed served the card, the subject's like reached
 * the viewer, or they share a chat. Only then may the viewer name the subject by id. Gone with either account.
 */
export const Introduction = defineEntity({
  name: 'Introduction',
  tableName: 'introductions',
  properties: (p) => ({
    viewer: p.manyToOne(User).primary().mapToPk().deleteRule('cascade').fieldName('viewer_id'),
    subject: p.manyToOne(User).primary().mapToPk().deleteRule('cascade').fieldName('subject_id').index(),
    createdAt: p.datetime().onCreate(() => new Date()),
  }),
});

export type Introduction = InferEntity<typeof Introduction>;
