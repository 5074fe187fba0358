import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationSettings,
} from '../../contracts/notification-settings';
import { sql } from 'kysely';
import { sqlOf } from '../kysely';

const COLUMNS = {
  likes: 'notify_likes',
  matches: 'notify_matches',
  messages: 'notify_messages',
  moderation: 'notify_moderation',
} as const satisfies Record<NotificationKind, string>;

/**
 * The one check every bot notification makes before sending (AMENDMENTS §3): false when the user
 * switched this kind off on /notifications. No settings row means everything is on.
 */
export async function wantsNotification(em: EntityManager, userId: number, kind: NotificationKind): Promise<boolean> {
  const row = await sqlOf(em)
    .selectFrom('user_settings')
    .select((eb) => eb.ref(COLUMNS[kind]).as('enabled'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.enabled ?? true;
}

export async function loadNotificationSettings(em: EntityManager, userId: number): Promise<NotificationSettings> {
  const row = await sqlOf(em).selectFrom('user_settings').select(Object.values(COLUMNS)).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return { ...DEFAULT_NOTIFICATION_SETTINGS };
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, row[COLUMNS[kind]] ?? true])) as NotificationSettings;
}

/** Saves the given switches (the others keep their values) and answers all four. */
export async function saveNotificationSettings(
  em: EntityManager,
  userId: number,
  patch: Partial<NotificationSettings>,
): Promise<NotificationSettings> {
  const next = { ...(await loadNotificationSettings(em, userId)), ...patch };
  const values = {
    notify_likes: next.likes,
    notify_matches: next.matches,
    notify_messages: next.messages,
    notify_moderation: next.moderation,
  };
  await sqlOf(em)
    .insertInto('user_settings')
    .values({ user_id: userId, ...values, updated_at: sql`now()` })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        notify_likes: eb.ref('excluded.notify_likes'),
        notify_matches: eb.ref('excluded.notify_matches'),
        notify_messages: eb.ref('excluded.notify_messages'),
        notify_moderation: eb.ref('excluded.notify_moderation'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
  return next;
}
