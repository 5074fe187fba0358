import type { EntityManager } from '@mikro-orm/postgresql';
import { Composer, type CommandContext, type Context } from 'grammy';
import { AppError, MESSAGES } from '../../contracts/errors';
import { banAsAdmin, unbanAsAdmin } from '../../db/admin/ban-state.service';
import { changeRole } from '../../db/admin/role-change.service';
import { statsOverview } from '../../db/admin/stats.repository';
import { User } from '../../db/users/user.entity';
import { isAdmin } from '../../db/users/users.service';
import { parseRole, parseTarget } from './admin-command-args';
import * as T from './admin-command-texts';
import type { BotDeps } from '../context';
import { openAppKeyboard } from '../keyboards/open-app';

type AdminAct = (em: EntityManager, admin: User, args: string) => Promise<string>;

/** The caller as stored in the database, if an admin who is not banned (read on every command). */
async function adminCaller(em: EntityManager, telegramId: number): Promise<User | null> {
  const user = await em.findOne(User, { telegramId });
  return user && isAdmin(user.role) && !user.isBanned ? user : null;
}

/** Runs an admin command: others are refused, and the services' refusals (last admin, self-ban, unknown user) are replied as they are. */
function asAdmin(deps: BotDeps, act: AdminAct) {
  return async (ctx: CommandContext<Context>) => {
    if (!ctx.from) return;
    const em = deps.orm.em.fork();
    const admin = await adminCaller(em, ctx.from.id);
    if (!admin) return void (await ctx.reply(MESSAGES.forbidden));
    try {
      await ctx.reply(await act(em, admin, ctx.match.trim()));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      await ctx.reply(err.message);
    }
  };
}

/** The panel opens only in a private chat (web-app buttons work there); from a group the link goes privately. */
async function sendPanel(deps: BotDeps, ctx: CommandContext<Context>): Promise<void> {
  const keyboard = openAppKeyboard(deps.publicUrl, { text: T.PANEL_BUTTON, route: '/admin' });
  if (ctx.chat.type === 'private') return void (await ctx.reply(T.PANEL_TEXT, { reply_markup: keyboard }));
  const sent = await ctx.api.sendMessage(ctx.from!.id, T.PANEL_TEXT, { reply_markup: keyboard }).then(
    () => true,
    () => false,
  );
  await ctx.reply(sent ? T.PANEL_SENT_PRIVATELY : T.PANEL_WRITE_FIRST);
}

/** /stats, /ban, /unban, /role, /admin (AMENDMENTS §3): the same services, rules and audit entries as the web panel. */
export function adminCommandsFeature(deps: BotDeps): Composer<Context> {
  const composer = new Composer<Context>();

  composer.command(
    'stats',
    asAdmin(deps, async (em) => T.statsText(await statsOverview(em))),
  );

  composer.command(
    'ban',
    asAdmin(deps, async (em, admin, args) => {
      const target = parseTarget(args);
      // A ban needs a reason (AMENDMENTS §5.3): a bare `/ban ID` is answered with the usage that says so.
      if (!target?.rest) return T.ADMIN_USAGE.ban;
      // The reason's length is checked by the one ban rule on the server, with the panel's words.
      const reason = target.rest;
      return (await banAsAdmin(em, deps.bus, admin, target.id, reason)) ? T.bannedText(target.id, reason) : T.alreadyBannedText(target.id);
    }),
  );

  composer.command(
    'unban',
    asAdmin(deps, async (em, admin, args) => {
      const target = parseTarget(args);
      if (!target || target.rest) return T.ADMIN_USAGE.unban;
      return (await unbanAsAdmin(em, deps.bus, admin, target.id)) ? T.unbannedText(target.id) : T.notBannedText(target.id);
    }),
  );

  composer.command(
    'role',
    asAdmin(deps, async (em, admin, args) => {
      const target = parseTarget(args);
      const role = target ? parseRole(target.rest) : null;
      if (!target || !role) return T.ADMIN_USAGE.role;
      return (await changeRole(em, deps.bus, admin, target.id, role))
        ? T.roleChangedText(target.id, role)
        : T.sameRoleText(target.id, role);
    }),
  );

  composer.command('admin', async (ctx) => {
    if (!ctx.from) return;
    if (!(await adminCaller(deps.orm.em.fork(), ctx.from.id))) return void (await ctx.reply(MESSAGES.forbidden));
    await sendPanel(deps, ctx);
  });
  return composer;
}
