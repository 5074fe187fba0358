import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_KINDS, type NotificationKind, type NotificationSettings } from '../../api/contracts/notification-settings';
import { query } from '../sql';

const COLUMNS: Record<NotificationKind, string> = { likes: 'notify_likes', matches: 'notify_matches', messages: 'notify_messages', moderation: 'notify_moderation' };

/**
 * The one check every bot notification makes before sending (AMENDMENTS §3): false when the user
 * switched this kind off on /notifications. No settings row means everything is on.
 */
export async function wantsNotification(em: EntityManager, userId: number, kind: NotificationKind): Promise<boolean> {
  const [row] = await query<{ enabled: boolean }>(em, `SELECT ${COLUMNS[kind]} AS enabled FROM user_settings WHERE user_id = ?`, [userId]);
  return row?.enabled ?? true;
}

export async function loadNotificationSettings(em: EntityManager, userId: number): Promise<NotificationSettings> {
  const [row] = await query<Record<string, boolean>>(em, `SELECT ${Object.values(COLUMNS).join(', ')} FROM user_settings WHERE user_id = ?`, [userId]);
  if (!row) return { ...DEFAULT_NOTIFICATION_SETTINGS };
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, row[COLUMNS[kind]] ?? true])) as NotificationSettings;
}

/** Saves the given switches (the others keep their values) and answers all four. */
export async function saveNotificationSettings(em: EntityManager, userId: number, patch: Partial<NotificationSettings>): Promise<NotificationSettings> {
  const next = { ...(await loadNotificationSettings(em, userId)), ...patch };
  const columns = NOTIFICATION_KINDS.map((kind) => COLUMNS[kind]);
  await query(
    em,
    `INSERT INTO user_settings (user_id, ${columns.join(', ')}, updated_at) VALUES (?, ?, ?, ?, ?, now())
     ON CONFLICT (user_id) DO UPDATE SET ${columns.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}, updated_at = EXCLUDED.updated_at`,
    [userId, ...NOTIFICATION_KINDS.map((kind) => next[kind])],
  );
  return next;
}
