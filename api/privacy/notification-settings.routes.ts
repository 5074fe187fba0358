import Router from '@koa/router';
import { loadNotificationSettings, saveNotificationSettings } from '../../db/privacy/notification-settings';
import { NOTIFICATION_MESSAGES, notificationSettingsPatchSchema } from '../../contracts/notification-settings';
import type { AppState } from '../context';

/** GET/POST /api/notifications/settings: the bot notifications the user wants (AMENDMENTS §3). */
export function createNotificationSettingsRouter(): Router<AppState> {
  const router = new Router<AppState>({ sensitive: true });

  router.get('/notifications/settings', async (ctx) => {
    ctx.body = { ok: true, settings: await loadNotificationSettings(ctx.state.em, ctx.state.user.telegramId) };
  });

  router.post('/notifications/settings', async (ctx) => {
    const patch = notificationSettingsPatchSchema.parse(ctx.request.body ?? {});
    const settings = await saveNotificationSettings(ctx.state.em, ctx.state.user.telegramId, patch);
    ctx.body = { ok: true, settings, message: NOTIFICATION_MESSAGES.saved };
  });
  return router;
}
