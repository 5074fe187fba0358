import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const ROLES = ['USER', 'MODERATOR', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: (p) => ({
    telegramId: p.bigint('number').primary().autoincrement(false),
    username: p.string().length(64).nullable(),
    firstName: p.string().length(128).nullable(),
    lastName: p.string().length(128).nullable(),
    languageCode: p.string().length(16).nullable(),
    isPremium: p.boolean().default(false),
    photoUrl: p.text().nullable(),
    customPhotoUrl: p.text().nullable(),
    role: p.enum([...ROLES]).default('USER'),
    isBanned: p.boolean().default(false),
    banReason: p.text().nullable(),
    bannedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastSeenAt: p.datetime().nullable(),
    // May the bot write to this user? null: never asked (a direct link, no /start); the answer to requestWriteAccess otherwise.
    writeAccess: p.boolean().nullable(),
  }),
});

export type User = InferEntity<typeof User>;
