import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { AUTO_DELETE_PERIODS, DEFAULT_AUTO_DELETE_PERIOD } from '../../api/contracts/privacy';
import { User } from '../users/user.entity';

/** A user's privacy choices (end-user.md §3 Privacy settings); no row means the defaults. */
export const UserSettings = defineEntity({
  name: 'UserSettings',
  tableName: 'user_settings',
  properties: (p) => ({
    user: p.oneToOne(User).primary().mapToPk().deleteRule('cascade').joinColumn('user_id'),
    autoDeleteMessages: p.enum([...AUTO_DELETE_PERIODS]).default(DEFAULT_AUTO_DELETE_PERIOD),
    allowDataForTraining: p.boolean().default(true),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  }),
});

export type UserSettings = InferEntity<typeof UserSettings>;
