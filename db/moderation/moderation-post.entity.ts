import { defineEntity, type InferEntity } from '@mikro-orm/core';

const POST_SUBJECTS = ['ITEM', 'REPORT'] as const;
export type PostSubject = (typeof POST_SUBJECTS)[number];

/** A bot message about a moderation item or a report, kept so every copy can be edited once it is decided. */
export const ModerationPost = defineEntity({
  name: 'ModerationPost',
  tableName: 'moderation_posts',
  properties: (p) => ({
    id: p.bigint('number').primary(),
    subject: p.enum([...POST_SUBJECTS]),
    subjectId: p.bigint('number'),
    chatId: p.bigint('number'),
    messageId: p.integer(),
    // The text as first sent; the outcome line is appended to it.
    text: p.text(),
    // A photo's caption rather than a text message (edited with editMessageCaption).
    isCaption: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
  }),
  indexes: [{ name: 'moderation_posts_subject_index', properties: ['subject', 'subjectId'] }],
});

export type ModerationPost = InferEntity<typeof ModerationPost>;
