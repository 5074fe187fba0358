import Router from '@koa/router';
import type { EventBus } from '../../db/events/event-bus';
import type { Logger } from '../../platform/logger';
import type { Storage } from '../../db/media/storage';
import { deleteAccount } from '../../db/privacy/account-deletion.service';
import { blockUser, unblockUser } from '../../db/privacy/blocks.service';
import { loadPrivacyOverview } from '../../db/privacy/privacy-overview';
import { savePrivacySettings } from '../../db/privacy/privacy-settings';
import { blacklistActionSchema, deleteAccountSchema, PRIVACY_MESSAGES, settingsPatchSchema } from '../../contracts/privacy';
import type { AppState } from '../context';
import { countingMisses } from '../middleware/lookup-misses';
import type { RateLimiters } from '../middleware/rate-limits';
import type { Hub } from '../realtime/hub';

export interface PrivacyRouterDeps {
  bus: EventBus;
  hub: Hub;
  storage: Storage;
  logger: Logger;
  limits: RateLimiters;
}

/** Privacy (end-user.md §7): settings, blacklist actions (AMENDMENTS §3 Blocking) and account deletion. */
export function createPrivacyRouter(deps: PrivacyRouterDeps): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });

  router.get('/privacy/settings', async (ctx) => {
    ctx.body = await loadPrivacyOverview(ctx.state.em, ctx.state.user.telegramId);
  });

  router.post('/privacy/settings', async (ctx) => {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const me = ctx.state.user.telegramId;
    if (body.action !== undefined) {
      const { action, userId } = blacklistActionSchema.parse(body);
      if (action === 'addToBlacklist')
        await countingMisses(deps.limits.lookupMisses, me, () => blockUser(ctx.state.em, deps.bus, me, userId));
      else await unblockUser(ctx.state.em, deps.bus, me, userId);
      ctx.body = { ok: true, message: action === 'addToBlacklist' ? PRIVACY_MESSAGES.blocked : PRIVACY_MESSAGES.unblocked };
      return;
    }
    const settings = await savePrivacySettings(ctx.state.em, me, settingsPatchSchema.parse(body));
    ctx.body = { ok: true, message: PRIVACY_MESSAGES.saved, settings };
  });

  router.post('/privacy/delete-account', async (ctx) => {
    deleteAccountSchema.parse(ctx.request.body ?? {});
    const me = ctx.state.user.telegramId;
    await deleteAccount(ctx.state.em, deps, me);
    deps.hub.disconnectUser(me, 4001, 'account deleted');
    ctx.body = { ok: true, message: PRIVACY_MESSAGES.accountDeleted };
  });
  return router;
}
