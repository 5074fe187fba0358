import Router from '@koa/router';
import type { EventBus } from '../../db/events/event-bus';
import { decideItem } from '../../db/moderation/item-decisions.service';
import { listModerationItems, moderationCounts } from '../../db/moderation/moderation-items.repository';
import { itemStatusBodySchema, moderationItemsQuerySchema, type ModerationItemsResponse } from '../../contracts/moderation';
import type { AppState } from '../context';
import { requireRole } from '../middleware/roles';

/** The moderation queue of profiles, descriptions, edits and photos (moderation-admin.md §7); moderators and admins only. */
export function createModerationRouter(deps: { bus: EventBus }): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });
  const moderator = requireRole('MODERATOR');

  router.get('/moderation/items', moderator, async (ctx) => {
    const q = moderationItemsQuerySchema.parse(ctx.query);
    const page = await listModerationItems(ctx.state.em, q);
    ctx.body = { ok: true, items: page.entries, pagination: page.pagination } satisfies ModerationItemsResponse;
  });

  router.get('/moderation/counts', moderator, async (ctx) => {
    ctx.body = { ok: true, counts: await moderationCounts(ctx.state.em, ctx.state.user) };
  });

  router.post('/moderation/item/status', moderator, async (ctx) => {
    const body = itemStatusBodySchema.parse(ctx.request.body ?? {});
    const decision = {
      itemId: body.itemId,
      version: body.version,
      status: body.status,
      reason: body.status === 'APPROVED' ? null : body.reason,
      fields: body.status === 'DISCREPANT' ? body.fields : [],
      banUser: body.status === 'REJECTED' ? body.banUser : false,
      from: 'panel' as const,
    };
    const item = await decideItem(ctx.state.em, deps.bus, ctx.state.user, decision);
    ctx.body = { ok: true, status: item.status, itemId: item.id, reason: item.reason ?? null };
  });
  return router;
}
