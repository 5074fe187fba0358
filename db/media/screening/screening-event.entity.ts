import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** Where screening acted: a profile photo (or avatar), a chat photo or sticker, a sticker pack import. */
const SCREENING_PLACES = ['PROFILE', 'CHAT', 'STICKER_PACK'] as const;
export type ScreeningPlace = (typeof SCREENING_PLACES)[number];
/** REFUSED: not stored; FLAGGED: a profile photo stored for a moderator's check; WARNED: delivered as `sensitive`. */
const SCREENING_OUTCOMES = ['REFUSED', 'FLAGGED', 'WARNED'] as const;
export type ScreeningOutcome = (typeof SCREENING_OUTCOMES)[number];

/**
 * One time screening acted (issue #27): the admins' per-day counts (/api/stats/screening) and a user's refused chat
 * photos of the day (the third files a report) are read from here. Keeps the Telegram id only, so it outlives accounts.
 */
export const ScreeningEvent = defineEntity({
  name: 'ScreeningEvent',
  tableName: 'screening_events',
  properties: (p) => ({
    id: p.bigint('number').primary().autoincrement(),
    userId: p.bigint('number'),
    place: p.enum([...SCREENING_PLACES]),
    outcome: p.enum([...SCREENING_OUTCOMES]),
    createdAt: p.datetime().onCreate(() => new Date()),
  }),
  indexes: [
    { name: 'screening_events_created_index', properties: ['createdAt'] },
    { name: 'screening_events_user_index', properties: ['userId', 'outcome', 'createdAt'] },
  ],
});

export type ScreeningEvent = InferEntity<typeof ScreeningEvent>;
