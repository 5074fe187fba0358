import type { EntityManager } from '@mikro-orm/postgresql';
import type { LaunchUser } from '../../api/contracts/user';
import type { Selectable, Updateable } from 'kysely';
import { sqlOf, type Database } from '../kysely';
import type { UserCache } from './user-cache';
import { User, type Role } from './user.entity';

// Shown to the minute; writing it on every request made each authenticated read a transaction (scripts/bench.ts).
export const LAST_SEEN_RESOLUTION_MS = 60_000;

const COLUMNS = [
  'telegram_id',
  'username',
  'first_name',
  'last_name',
  'language_code',
  'is_premium',
  'photo_url',
  'custom_photo_url',
  'role',
  'is_banned',
  'ban_reason',
  'banned_at',
  'created_at',
  'last_seen_at',
] as const;

type UserRow = Pick<Selectable<Database['users']>, (typeof COLUMNS)[number]>;

// Timestamps come back as text (MikroORM's pg type parsers), bigints too: the platform parses them as an entity
// read would (a Date, should the driver ever parse them, is kept).
type ParseDate = (value: Date | string) => Date;
const dateParser =
  (em: EntityManager): ParseDate =>
  (value) =>
    value instanceof Date ? value : (em.getPlatform().parseDate(value) as Date);

const userOf = (r: UserRow, date: ParseDate): User => ({
  telegramId: Number(r.telegram_id),
  username: r.username,
  firstName: r.first_name,
  lastName: r.last_name,
  languageCode: r.language_code,
  isPremium: r.is_premium,
  photoUrl: r.photo_url,
  customPhotoUrl: r.custom_photo_url,
  role: r.role,
  isBanned: r.is_banned,
  banReason: r.ban_reason,
  bannedAt: r.banned_at === null ? null : date(r.banned_at),
  createdAt: date(r.created_at),
  lastSeenAt: r.last_seen_at === null ? null : date(r.last_seen_at),
});

/** The Telegram fields of the users row, as the launch user has them now. */
const TELEGRAM_FIELDS = {
  username: 'username',
  firstName: 'first_name',
  lastName: 'last_name',
  languageCode: 'language_code',
  isPremium: 'is_premium',
  photoUrl: 'photo_url',
} as const;
type TelegramFields = { [K in keyof typeof TELEGRAM_FIELDS]: User[K] };

const telegramFieldsOf = (launch: LaunchUser): TelegramFields => ({
  username: launch.username ?? null,
  firstName: launch.first_name ?? null,
  lastName: launch.last_name ?? null,
  languageCode: launch.language_code ?? null,
  isPremium: launch.is_premium ?? false,
  photoUrl: launch.photo_url ?? null,
});

// Field by field rather than through telegramFieldsOf: this runs on every cached call.
const hasTelegramFields = (user: User, launch: LaunchUser) =>
  user.username === (launch.username ?? null) &&
  user.firstName === (launch.first_name ?? null) &&
  user.lastName === (launch.last_name ?? null) &&
  user.languageCode === (launch.language_code ?? null) &&
  user.isPremium === (launch.is_premium ?? false) &&
  user.photoUrl === (launch.photo_url ?? null);
const changedFields = (user: User, fields: TelegramFields) =>
  (Object.keys(fields) as (keyof TelegramFields)[]).filter((key) => user[key] !== fields[key]);
const lastSeenDue = (user: User, nowMs: number) => !user.lastSeenAt || nowMs - user.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS;

async function insertUser(em: EntityManager, id: number, fields: TelegramFields, role: Role, now: Date): Promise<User | null> {
  const row = await sqlOf(em)
    .insertInto('users')
    .values({
      telegram_id: id,
      username: fields.username,
      first_name: fields.firstName,
      last_name: fields.lastName,
      language_code: fields.languageCode,
      is_premium: fields.isPremium,
      photo_url: fields.photoUrl,
      role,
      is_banned: false,
      created_at: now,
      last_seen_at: now,
    })
    .onConflict((oc) => oc.column('telegram_id').doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ? userOf(row, dateParser(em)) : null;
}

/** Writes the changed Telegram fields and, when due, the last-seen time; returns the row as written. */
async function refreshUser(em: EntityManager, user: User, fields: TelegramFields, now: Date): Promise<User> {
  const changed = changedFields(user, fields);
  const set: Updateable<Database['users']> = {};
  for (const key of changed) Object.assign(set, { [TELEGRAM_FIELDS[key]]: fields[key] });
  if (lastSeenDue(user, now.getTime())) set.last_seen_at = now;
  if (Object.keys(set).length === 0) return user;
  const row = await sqlOf(em)
    .updateTable('users')
    .set(set)
    .where('telegram_id', '=', user.telegramId)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ? userOf(row, dateParser(em)) : user;
}

async function readAndRefresh(
  em: EntityManager,
  launch: LaunchUser,
  fields: TelegramFields,
  adminIds: readonly number[],
  now: Date,
): Promise<User> {
  const row = await sqlOf(em).selectFrom('users').select(COLUMNS).where('telegram_id', '=', launch.id).executeTakeFirst();
  if (row) return refreshUser(em, userOf(row, dateParser(em)), fields, now);
  const created = await insertUser(em, launch.id, fields, adminIds.includes(launch.id) ? 'ADMIN' : 'USER', now);
  // Null: a concurrent first call inserted it a moment ago.
  return created ?? readAndRefresh(em, launch, fields, adminIds, now);
}

/** The cached user when this launch would write nothing: the same Telegram fields, last seen within the minute. */
export function unchangedUser(cache: UserCache, launch: LaunchUser, nowMs: number): User | undefined {
  const known = cache.get(launch.id);
  return known && !lastSeenDue(known, nowMs) && hasTelegramFields(known, launch) ? known : undefined;
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
): Promise<User> {
  const fields = telegramFieldsOf(launch);
  const now = new Date();
  const known = cache && unchangedUser(cache, launch, now.getTime());
  if (known) return known;
  if (!cache) return readAndRefresh(em, launch, fields, adminIds, now);
  const underWay = cache.readUnderWay(launch.id);
  if (underWay) {
    await underWay.catch(() => undefined);
    const after = unchangedUser(cache, launch, Date.now());
    if (after) return after;
  }
  const epoch = cache.epoch;
  const read = readAndRefresh(em, launch, fields, adminIds, now);
  cache.readStarted(launch.id, read);
  const user = await read;
  cache.keep(user, epoch);
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
