import type { EntityManager } from '@mikro-orm/postgresql';
import type { LaunchUser } from '../../contracts/user';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { sessionUserOf, type SessionUser } from './session-user';
import type { UserCache } from './user-cache';
import { User, type Role } from './user.entity';

// Shown to the minute; writing it on every request made each authenticated read a transaction (scripts/bench.ts).
export const LAST_SEEN_RESOLUTION_MS = 60_000;

/** The Telegram fields of the users row, as the launch user has them now. */
const TELEGRAM_FIELDS = ['username', 'firstName', 'lastName', 'languageCode', 'isPremium', 'photoUrl'] as const;
type TelegramFields = { [K in (typeof TELEGRAM_FIELDS)[number]]: SessionUser[K] };
/** A users row as either a cached record or the loaded entity. */
type Known = Pick<SessionUser, keyof TelegramFields | 'lastSeenAt' | 'writeAccess'>;

const telegramFieldsOf = (launch: LaunchUser): TelegramFields => ({
  username: launch.username ?? null,
  firstName: launch.first_name ?? null,
  lastName: launch.last_name ?? null,
  languageCode: launch.language_code ?? null,
  isPremium: launch.is_premium ?? false,
  photoUrl: launch.photo_url ?? null,
});

// Field by field rather than through telegramFieldsOf: this runs on every cached call.
const hasTelegramFields = (user: Known, launch: LaunchUser) =>
  user.username === (launch.username ?? null) &&
  user.firstName === (launch.first_name ?? null) &&
  user.lastName === (launch.last_name ?? null) &&
  user.languageCode === (launch.language_code ?? null) &&
  user.isPremium === (launch.is_premium ?? false) &&
  user.photoUrl === (launch.photo_url ?? null);
const changedFields = (user: Known, fields: TelegramFields) => TELEGRAM_FIELDS.filter((key) => user[key] !== fields[key]);
// Telegram says the bot may write (issue 40): kept, never taken back by a launch that does not say it.
const grantsWriteAccess = (user: Known, launch: LaunchUser) => launch.allows_write_to_pm === true && user.writeAccess !== true;
const lastSeenDue = (user: Known, nowMs: number) => !user.lastSeenAt || nowMs - user.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS;

/** Null: a concurrent first call inserted the row a moment ago. */
async function insertUser(
  em: EntityManager,
  launch: LaunchUser,
  fields: TelegramFields,
  role: Role,
  now: Date,
): Promise<SessionUser | null> {
  // A fork of its own: a refused insert must not stay queued in the caller's unit of work.
  const fork = em.fork();
  const writeAccess = launch.allows_write_to_pm === true ? true : null;
  const user = fork.create(User, { telegramId: launch.id, ...fields, role, isBanned: false, createdAt: now, lastSeenAt: now, writeAccess });
  try {
    await fork.flush();
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) return null;
    throw err;
  }
  return sessionUserOf(user);
}

/** A users row as read (and refreshed) for a launch; `announced`: the write published 'user.changed' for it. */
interface Refreshed {
  user: SessionUser;
  announced: boolean;
}

/** Writes the changed Telegram fields and, when due, the last-seen time (through the entity: a name change is heard). */
async function readAndRefresh(
  em: EntityManager,
  launch: LaunchUser,
  fields: TelegramFields,
  adminIds: readonly number[],
  now: Date,
): Promise<Refreshed> {
  const user = await em.findOne(User, { telegramId: launch.id });
  if (!user) {
    const created = await insertUser(em, launch, fields, adminIds.includes(launch.id) ? 'ADMIN' : 'USER', now);
    // A created row is announced to no cache (user-change-events.ts).
    return created ? { user: created, announced: false } : readAndRefresh(em, launch, fields, adminIds, now);
  }
  const before = sessionUserOf(user);
  const changed = changedFields(before, fields);
  for (const key of changed) Object.assign(user, { [key]: fields[key] });
  if (lastSeenDue(before, now.getTime())) user.lastSeenAt = now;
  const grants = grantsWriteAccess(before, launch);
  if (grants) user.writeAccess = true;
  await em.flush();
  // A last-seen time alone is not announced (user-change-events.ts); any other column is.
  return { user: sessionUserOf(user), announced: changed.length > 0 || grants };
}

/** The last time the user was seen (their last socket closed), through the entity without reading the row first. */
export async function recordLastSeen(em: EntityManager, userId: number, at: Date): Promise<void> {
  em.getReference(User, userId).lastSeenAt = at;
  await em.flush();
}

/** The cached user when this launch would write nothing: the same Telegram fields, last seen within the minute. */
export function unchangedUser(cache: UserCache, launch: LaunchUser, nowMs: number): SessionUser | undefined {
  const known = cache.get(launch.id);
  return known && !lastSeenDue(known, nowMs) && hasTelegramFields(known, launch) && !grantsWriteAccess(known, launch) ? known : undefined;
}

/**
 * Creates the user on first sight or refreshes the Telegram fields; admins from ADMIN_IDS are promoted. Writes only
 * what changed, and the last-seen time at most once a minute. Returns a plain record of the row (not a managed
 * entity: load the entity to change it). With `cache`, a call that would write nothing does no database work, and
 * the calls of one user that arrive together (the mini app's start-up sends several at once) wait for the first
 * one's read and write instead of each doing its own (issue 42); one that finds the row still not cached after it
 * (evicted meanwhile, or other Telegram fields) reads for itself.
 */
export async function upsertFromLaunchUser(
  em: EntityManager,
  launch: LaunchUser,
  adminIds: readonly number[] = [],
  cache?: UserCache,
): Promise<SessionUser> {
  const fields = telegramFieldsOf(launch);
  const now = new Date();
  const known = cache && unchangedUser(cache, launch, now.getTime());
  if (known) return known;
  if (!cache) return (await readAndRefresh(em, launch, fields, adminIds, now)).user;
  const underWay = cache.readUnderWay(launch.id);
  if (underWay) {
    await underWay.catch(() => undefined);
    const after = unchangedUser(cache, launch, Date.now());
    if (after) return after;
  }
  const mark = cache.markOf(launch.id);
  const read = readAndRefresh(em, launch, fields, adminIds, now);
  cache.readStarted(launch.id, read);
  const { user, announced } = await read;
  // Its own write's 'user.changed' leaves the row it holds the newest (the calls waiting for it use it: issue 42).
  cache.keep(user, mark, announced ? 1 : 0);
  return user;
}

/** Makes every listed id an admin (creating bare rows for ids never seen). */
export async function ensureAdmins(em: EntityManager, adminIds: readonly number[]): Promise<void> {
  for (const telegramId of adminIds) {
    const user = await em.findOne(User, { telegramId });
    if (!user) em.create(User, { telegramId, role: 'ADMIN' });
    else user.role = 'ADMIN';
  }
  await em.flush();
}

export const isModerator = (role: Role) => role === 'MODERATOR' || role === 'ADMIN';
export const isAdmin = (role: Role) => role === 'ADMIN';
