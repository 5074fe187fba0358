import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { MODERATION_STATUSES } from '../../contracts/profile';
import { ORIENTATIONS, SEXES } from '../../contracts/profile-fields';
import { SEARCH_SHOW } from '../../contracts/search-settings';
import { Place } from '../places/place.entity';
import { User } from '../users/user.entity';

/** A user's dating profile (one per user); created by the base submission. */
export const Profile = defineEntity({
  name: 'Profile',
  tableName: 'profiles',
  properties: (p) => ({
    // owner(): this side holds the key column (the default for a 1:1 without mappedBy), which the Kysely types need to see it.
    user: p.oneToOne(User).owner().primary().mapToPk().deleteRule('cascade').fieldName('user_telegram_id'),
    displayName: p.string().length(32),
    birthDate: p.date(),
    city: p.string().length(128),
    place: p.manyToOne(Place).mapToPk().nullable().deleteRule('set null').updateRule('cascade'),
    sex: p.enum([...SEXES]).nullable(),
    gender: p.enum([...ORIENTATIONS]),
    bio: p.text().nullable(),
    lookingFor: p.array().default([]),
    heightCm: p.smallint().nullable(),
    consentAcceptedAt: p.datetime().nullable(),
    initialModerationStatus: p.enum([...MODERATION_STATUSES]).default('PENDING'),
    // Null until the description stage is submitted.
    descriptionModerationStatus: p.enum([...MODERATION_STATUSES]).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    // Search settings (AMENDMENTS §4.1), private to the owner: whom to show, and the looking-for filter ([]: any).
    searchShow: p.enum([...SEARCH_SHOW]).default('ALL'),
    searchLookingFor: p.array().default([]),
    // Last time the owner used the app (coarse): the feed's "recently active" order.
    activeAt: p.datetime().onCreate(() => new Date()),
  }),
  indexes: [
    // The feed walks visible profiles place by place, most recently active first, filtered by birth date and search settings.
    {
      name: 'profiles_feed_place_index',
      expression: `create index "profiles_feed_place_index" on "profiles" ("place_id", "active_at" desc, "birth_date") include ("user_telegram_id", "sex", "search_show", "search_looking_for") where initial_moderation_status = 'APPROVED' and description_moderation_status = 'APPROVED'`,
    },
    {
      name: 'profiles_feed_active_index',
      expression: `create index "profiles_feed_active_index" on "profiles" ("active_at" desc, "birth_date") include ("user_telegram_id", "sex", "search_show", "search_looking_for") where initial_moderation_status = 'APPROVED' and description_moderation_status = 'APPROVED'`,
    },
  ],
});

export type Profile = InferEntity<typeof Profile>;
