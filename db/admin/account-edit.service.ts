import type { Actor } from '../users/session-user';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_MESSAGES, type AccountPatch } from '../../contracts/admin';
import { AppError } from '../../contracts/errors';
import { recordAudit } from '../audit/audit.service';
import { inTransaction, type EventBus } from '../events/event-bus';
import type { Logger } from '../../platform/logger';
import type { Storage } from '../media/storage';
import { unbanUser } from '../users/user-unban.service';
import { User } from '../users/user.entity';
import { adoptAvatar, dropReplacedAvatar } from './admin-avatar';
import { assertAdmin, findTarget } from './assert-admin';
import { banAsAdminIn } from './ban-state.service';

export interface AccountEditDeps {
  bus: EventBus;
  storage: Storage;
  logger: Logger;
}

type Fields = Partial<Record<'banReason' | 'customPhotoUrl', string | null>>;

/** The plain fields to write: a ban reason only for a user who stays banned (a new ban carries its own). Telegram's names are not ours to write. */
function plainFields(patch: AccountPatch, user: User, newlyBanned: boolean): Fields {
  const fields: Fields = {};
  if (patch.banReason !== undefined && user.isBanned && !newlyBanned) fields.banReason = patch.banReason;
  return fields;
}

/**
 * PATCH /api/user/{id}/account: custom photo and ban state in one transaction with their audit entries.
 * A ban goes through the one ban path (sockets closed, user told); unban through unbanUser.
 */
export async function editAccount(
  em: EntityManager,
  deps: AccountEditDeps,
  actor: Actor,
  targetId: number,
  patch: AccountPatch,
  hosts: readonly string[],
): Promise<void> {
  assertAdmin(actor);
  await findTarget(em, targetId);
  const photo = await inTransaction(em, deps.bus, async (tx, emit) => {
    const newlyBanned = patch.isBanned === true && (await banAsAdminIn(tx, emit, actor, targetId, patch.banReason ?? null));
    if (patch.isBanned === false) await unbanUser(tx, emit, { userId: targetId, byId: actor.telegramId });
    const user = await tx.findOne(User, { telegramId: targetId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!user) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.userNotFound);
    const previous = user.customPhotoUrl ?? null;
    const fields = plainFields(patch, user, newlyBanned);
    if (patch.customPhotoUrl !== undefined) {
      fields.customPhotoUrl =
        patch.customPhotoUrl === null
          ? null
          : await adoptAvatar(tx, { url: patch.customPhotoUrl, targetId, actorId: actor.telegramId, hosts });
    }
    const current = user as unknown as Fields;
    const changed = Object.keys(fields).filter((key) => (current[key as keyof Fields] ?? null) !== fields[key as keyof Fields]) as Array<
      keyof Fields
    >;
    if (changed.length > 0) {
      const before = Object.fromEntries(changed.map((key) => [key, current[key] ?? null]));
      const after = Object.fromEntries(changed.map((key) => [key, fields[key]]));
      tx.assign(user, after);
      recordAudit(tx, { actorId: actor.telegramId, action: 'user.account', targetType: 'user', targetId, details: { before, after } });
    }
    return { previous, current: user.customPhotoUrl ?? null };
  });
  await dropReplacedAvatar(em.fork(), deps, targetId, photo.previous, photo.current);
}
