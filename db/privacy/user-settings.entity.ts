import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { AUTO_DELETE_PERIODS, DEFAULT_AUTO_DELETE_PERIOD } from '../../contracts/privacy';
import { User } from '../users/user.entity';

/** A user's privacy and notification choices (end-user.md §3 Privacy settings, AMENDMENTS §3); no row means the defaults. */
export const UserSettings = defineEntity({
  name: 'UserSettings',
  tableName: 'user_settings',
  properties: (p) => ({
    // owner(): this side holds the key column (the default for a 1:1 without mappedBy), which the Kysely types need to see it.
    user: p.oneToOne(User).owner().primary().mapToPk().deleteRule('cascade').fieldName('user_id'),
    autoDeleteMessages: p.enum([...AUTO_DELETE_PERIODS]).default(DEFAULT_AUTO_DELETE_PERIOD),
    // AMENDMENTS §4.3: no consent is pre-ticked.
    allowDataForTraining: p.boolean().default(false),
    // Bot notifications the user may switch off on /notifications; all on by default.
    notifyLikes: p.boolean().default(true),
    notifyMatches: p.boolean().default(true),
    notifyMessages: p.boolean().default(true),
    notifyModeration: p.boolean().default(true),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});

export type UserSettings = InferEntity<typeof UserSettings>;
