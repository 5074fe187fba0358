import { ADMIN_MESSAGES } from '../../contracts/admin';

/**
 * What the database browser may show and change (AMENDMENTS §2.5, §5.6): only what a dedicated screen could edit.
 * An entity not listed here does not exist for the browser; a column not in `editable` is read-only. Primary keys
 * are never editable. Profile edits go through the admin's profile edit (db-browser-profile.ts). Left out on purpose:
 * User.role and User.isBanned/banReason/bannedAt (role change and ban have their own rules, audit and notices),
 * Profile.lookingFor (only the allowed options may be stored), User.customPhotoUrl (must be our own image),
 * and images, places, posts and notification marks (internal). No table holds secrets (tokens live in config only).
 */
export interface AllowedEntity {
  /** The MikroORM entity name. */
  entity: string;
  editable: readonly string[];
  /**
   * Moderation decisions and their traces: shown, never edited here. A changed status would tell the user
   * 'Анкета одобрена' with no reviewer and no effect on the profile; the moderation screens apply the real thing.
   */
  decisions?: readonly string[];
  /** Other read-only columns with the reason shown beside them. */
  locked?: Readonly<Record<string, string>>;
  /** The column holding the user whose pending moderation items show this row (their version is bumped on a change). */
  shownToModerators?: string;
}

const TELEGRAM_OWNED = {
  username: ADMIN_MESSAGES.telegramOwned,
  firstName: ADMIN_MESSAGES.telegramOwned,
  lastName: ADMIN_MESSAGES.telegramOwned,
};
const USERS_MESSAGES = { text: ADMIN_MESSAGES.messageColumn, deletedAt: ADMIN_MESSAGES.messageColumn };

export const DB_BROWSER_ALLOWLIST: readonly AllowedEntity[] = [
  {
    entity: 'Profile',
    editable: ['displayName', 'birthDate', 'city', 'sex', 'gender', 'bio', 'heightCm'],
    decisions: ['initialModerationStatus', 'descriptionModerationStatus'],
  },
  // Telegram's fields: each launch refreshes them, so an edit here would not hold.
  { entity: 'User', editable: [], locked: TELEGRAM_OWNED },
  { entity: 'Photo', editable: ['position'], decisions: ['status'], shownToModerators: 'owner' },
  { entity: 'Like', editable: ['kind', 'seenAt'] },
  { entity: 'Match', editable: [] },
  { entity: 'Chat', editable: [] },
  { entity: 'Message', editable: ['isPinned'], locked: USERS_MESSAGES },
  { entity: 'Report', editable: ['description'], decisions: ['status', 'resolution', 'reviewerId', 'resolvedAt'] },
  { entity: 'ModerationItem', editable: [], decisions: ['status', 'reason', 'payload', 'reviewerId', 'resolvedAt', 'version'] },
  { entity: 'AuditLog', editable: [] },
  { entity: 'Block', editable: [] },
  {
    entity: 'UserSettings',
    editable: ['autoDeleteMessages', 'allowDataForTraining', 'notifyLikes', 'notifyMatches', 'notifyMessages', 'notifyModeration'],
  },
  { entity: 'StickerPack', editable: ['title'] },
];

export const allowedEntity = (model: string): AllowedEntity | undefined => DB_BROWSER_ALLOWLIST.find((e) => e.entity === model);
