import Router from '@koa/router';
import { koaBody } from 'koa-body';
import { z } from 'zod';
import type { Orm } from '../../db/orm';
import { User } from '../../db/users/user.entity';
import type { FakeTelegram, FakeUser } from './fake-telegram';
import { inlineOnly } from './fake-telegram/markup';
import page from './launcher.html';
import type { ChatAnswer, DoneAnswer, LaunchAnswer, NewUserAnswer, UsersAnswer } from './launcher/launcher-answers';
import script from './launcher/launcher-client.ts?script';
import { launchHash, signLaunchData } from './sign-launch';

export interface LauncherDeps {
  orm: Orm;
  telegram: FakeTelegram;
  botToken: string;
  productName: string;
}

const idParam = z.coerce.number().int().positive();
const sendBody = z.object({ text: z.string().trim().min(1).max(4096) });
const pressBody = z.object({ messageId: z.number().int().positive(), data: z.string().min(1).max(64) });
// Fresh ids for "new user" launches, far from the seeded ones.
let nextNewUserId = 700_000_000 + Math.floor(Math.random() * 1_000_000);

async function fakeUserFor(orm: Orm, id: number): Promise<FakeUser> {
  const user = await orm.em.fork().findOne(User, { telegramId: id });
  return { id, first_name: user?.firstName ?? 'Гость', username: user?.username ?? undefined, language_code: 'ru' };
}

/** The demo launcher at /dev: pick a demo user, open the mini app as them with real signed initData, use their bot chat. */
export function createLauncherRoutes(deps: LauncherDeps): Router {
  const router = new Router({ prefix: '/dev', sensitive: true });
  router.use(koaBody({ jsonLimit: '16kb' }));

  router.get('/', (ctx) => {
    ctx.type = 'html';
    ctx.body = page.replaceAll('{{productName}}', deps.productName);
  });
  // The page's script, built from launcher/ with the server (scripts/build-server.mjs).
  router.get('/launcher.js', (ctx) => {
    ctx.type = 'text/javascript';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = script;
  });
  router.get('/api/users', async (ctx) => {
    const users = await deps.orm.em.fork().find(User, {}, { orderBy: { telegramId: 'asc' }, limit: 500 });
    ctx.body = {
      users: users.map((u) => ({ id: u.telegramId, firstName: u.firstName, username: u.username, role: u.role, isBanned: u.isBanned })),
    } satisfies UsersAnswer;
  });
  router.post('/api/new-user', (ctx) => {
    ctx.body = { id: nextNewUserId++ } satisfies NewUserAnswer;
  });
  router.get('/api/launch/:id', async (ctx) => {
    const id = idParam.parse(ctx.params.id);
    const fake = await fakeUserFor(deps.orm, id);
    // As Telegram: a direct link has a start_param, a bot's web-app button none (its URL carries ?region=).
    const startParam = ctx.query.startParam === 'WORLD' || ctx.query.startParam === 'RU_BY' ? ctx.query.startParam : undefined;
    const initData = signLaunchData({ ...fake, first_name: fake.first_name }, deps.botToken, { startParam });
    const route = typeof ctx.query.route === 'string' && ctx.query.route.startsWith('/') ? ctx.query.route : '/';
    ctx.body = { initData, url: `${route}${launchHash(initData, { startParam })}` } satisfies LaunchAnswer;
  });
  router.get('/api/chat/:id', (ctx) => {
    const entries = deps.telegram.chatLog(idParam.parse(ctx.params.id));
    // Only inline keyboards show under a message, as in Telegram.
    ctx.body = { entries: entries.map((entry) => ({ ...entry, replyMarkup: inlineOnly(entry.replyMarkup) })) } satisfies ChatAnswer;
  });
  router.post('/api/chat/:id/send', async (ctx) => {
    const id = idParam.parse(ctx.params.id);
    deps.telegram.injectMessage(await fakeUserFor(deps.orm, id), sendBody.parse(ctx.request.body).text);
    ctx.body = { ok: true } satisfies DoneAnswer;
  });
  router.post('/api/chat/:id/press', async (ctx) => {
    const id = idParam.parse(ctx.params.id);
    const { messageId, data } = pressBody.parse(ctx.request.body);
    deps.telegram.injectCallback(await fakeUserFor(deps.orm, id), messageId, data, id);
    ctx.body = { ok: true } satisfies DoneAnswer;
  });
  return router;
}
