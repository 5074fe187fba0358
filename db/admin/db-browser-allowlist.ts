/**
 * What the database browser may show and change (AMENDMENTS §2.5). An entity not listed here does not exist
 * for the browser; a column not in `editable` is read-only. Primary keys are never editable. Left out on purpose:
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
}

export const DB_BROWSER_ALLOWLIST: readonly AllowedEntity[] = [
  {
    entity: 'Profile',
    editable: ['displayName', 'birthDate', 'city', 'sex', 'gender', 'bio', 'heightCm', 'weightKg'],
    decisions: ['initialModerationStatus', 'descriptionModerationStatus'],
  },
  { entity: 'User', editable: ['username', 'firstName', 'lastName'] },
  { entity: 'Photo', editable: ['position'], decisions: ['status'] },
  { entity: 'Like', editable: ['kind', 'seenAt'] },
  { entity: 'Match', editable: [] },
  { entity: 'Chat', editable: [] },
  { entity: 'Message', editable: ['text', 'isPinned', 'deletedAt'] },
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

export const DEFAULT_DB_MODEL = DB_BROWSER_ALLOWLIST[0]!.entity;

export const allowedEntity = (model: string): AllowedEntity | undefined => DB_BROWSER_ALLOWLIST.find((e) => e.entity === model);
