import Router from '@koa/router';
import { editAccount } from '../../db/admin/account-edit.service';
import { deleteUserAsAdmin } from '../../db/admin/admin-deletion.service';
import { correctBirthDate, editProfileAsAdmin } from '../../db/admin/admin-profile-edit.service';
import { changeRole } from '../../db/admin/role-change.service';
import { loadUserDetails } from '../../db/admin/user-details.repository';
import type { EventBus } from '../../db/events/event-bus';
import type { Logger } from '../../platform/logger';
import type { Storage } from '../../db/media/storage';
import {
  accountPatchSchema,
  adminDeleteSchema,
  birthDatePatchSchema,
  adminProfilePatchSchema,
  roleChangeSchema,
  userIdParamSchema,
} from '../../contracts/admin';
import type { AppState } from '../context';
import { requireRole } from '../middleware/roles';
import type { Hub } from '../realtime/hub';
import { photoHosts } from '../profile/photo-hosts';

export interface UserAdminRouterDeps {
  bus: EventBus;
  hub: Hub;
  storage: Storage;
  logger: Logger;
  publicUrl?: string;
}

/** The user detail of the admin panel (moderation-admin.md §2, §7): moderators read, admins change. */
export function createUserAdminRouter(deps: UserAdminRouterDeps): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });
  const admin = requireRole('ADMIN');

  router.get('/user/:id/details', requireRole('MODERATOR'), async (ctx) => {
    const { id } = userIdParamSchema.parse(ctx.params);
    ctx.body = await loadUserDetails(ctx.state.em, ctx.state.user, id);
  });

  router.patch('/user/:id/account', admin, async (ctx) => {
    const { id } = userIdParamSchema.parse(ctx.params);
    const patch = accountPatchSchema.parse(ctx.request.body ?? {});
    await editAccount(ctx.state.em, deps, ctx.state.user, id, patch, photoHosts(ctx, deps.publicUrl));
    ctx.body = { ok: true };
  });

  router.patch('/user/:id/profile', admin, async (ctx) => {
    const { id } = userIdParamSchema.parse(ctx.params);
    const patch = adminProfilePatchSchema.parse(ctx.request.body ?? {});
    await editProfileAsAdmin(ctx.state.em, ctx.state.user, id, patch, photoHosts(ctx, deps.publicUrl));
    ctx.body = { ok: true };
  });

  // Moderators too (AMENDMENTS §1.4); the service decides whose birth date each may correct.
  router.patch('/user/:id/birth-date', requireRole('MODERATOR'), async (ctx) => {
    const { id } = userIdParamSchema.parse(ctx.params);
    const { birthDate } = birthDatePatchSchema.parse(ctx.request.body ?? {});
    await correctBirthDate(ctx.state.em, ctx.state.user, id, birthDate);
    ctx.body = { ok: true };
  });

  router.post('/admin/user/role', admin, async (ctx) => {
    const { targetTelegramId, newRole } = roleChangeSchema.parse(ctx.request.body ?? {});
    await changeRole(ctx.state.em, deps.bus, ctx.state.user, targetTelegramId, newRole);
    ctx.body = { ok: true };
  });

  router.post('/admin/user/delete', admin, async (ctx) => {
    const { targetTelegramId, reason } = adminDeleteSchema.parse(ctx.request.body ?? {});
    await deleteUserAsAdmin(ctx.state.em, deps, ctx.state.user, targetTelegramId, reason ?? null);
    deps.hub.disconnectUser(targetTelegramId, 4001, 'account deleted');
    ctx.body = { ok: true };
  });
  return router;
}
