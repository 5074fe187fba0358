import type Router from '@koa/router';
import { Bot } from 'grammy';
import { createWebhookRoute, webhookSecretFor } from '../../../bot/webhook';
import { createLogger } from '../../../platform/logger';
import { TEST_BOT_TOKEN } from '../init-data';

/** The bot's webhook route as the bot process mounts it in WEBHOOK_URL mode (botInfo given: no network). */
export function webhookRouteForTests(): Router {
  const bot = new Bot(TEST_BOT_TOKEN, {
    botInfo: {
      id: 1,
      is_bot: true,
      first_name: 'Орбита',
      username: 'orbita_bot',
      can_join_groups: false,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
      can_connect_to_business: false,
      has_main_web_app: true,
      has_topics_enabled: false,
      allows_users_to_create_topics: false,
      can_manage_bots: false,
      supports_join_request_queries: false,
    },
  });
  return createWebhookRoute(bot, webhookSecretFor(TEST_BOT_TOKEN, null), createLogger('silent'));
}
