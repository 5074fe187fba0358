import { ModerationItem, type ModerationType } from '../../db/moderation/moderation-item.entity';
import { User, type Role } from '../../db/users/user.entity';
import { freshTelegramId, signInitData, tmaHeader } from './init-data';
import { newRegistrant, validBase, type Registrant } from './onboarding';
import type { TestApp } from './test-app';

export interface Actor {
  id: number;
  initData: string;
  username: string;
}

/** A staff member (or a plain user) written to the database, with signed initData. */
export async function createActor(app: TestApp, role: Role, opts: { banned?: boolean } = {}): Promise<Actor> {
  const id = freshTelegramId();
  const username = `${role.toLowerCase()}_${id}`;
  const em = app.db.orm.em.fork();
  em.create(User, {
    telegramId: id,
    username,
    firstName: 'Сотрудник',
    role,
    isBanned: opts.banned ?? false,
    bannedAt: opts.banned ? new Date() : null,
  });
  await em.flush();
  return { id, username, initData: signInitData({ id, first_name: 'Сотрудник', username }) };
}

/** A new user who submitted the base profile: one pending INITIAL item. */
export async function submittedRegistrant(app: TestApp, overrides: Record<string, unknown> = {}): Promise<Registrant> {
  const r = await newRegistrant(app);
  const res = await app.request.post('/api/profile/submit-base').send(validBase(r, overrides));
  if (res.status !== 200) throw new Error(`submit-base failed: ${JSON.stringify(res.body)}`);
  return r;
}

export async function pendingItem(app: TestApp, userId: number, type: ModerationType): Promise<ModerationItem> {
  return app.db.orm.em.fork().findOneOrFail(ModerationItem, { userId, type, status: 'PENDING' });
}

/** A decision as the panel sends it: with the version it shows (the item's current one unless the body names another). */
export async function decide(app: TestApp, actor: Pick<Actor, 'initData'>, body: Record<string, unknown>) {
  const item = 'version' in body ? null : await app.db.orm.em.fork().findOne(ModerationItem, { id: Number(body.itemId) });
  return app.request.post('/api/moderation/item/status').send({ initData: actor.initData, version: item?.version ?? 1, ...body });
}

export const listItems = (app: TestApp, actor: Pick<Actor, 'initData'>, query: Record<string, unknown> = {}) =>
  app.request.get('/api/moderation/items').set(tmaHeader(actor.initData)).query(query);

export const onboardingStatus = async (app: TestApp, initData: string) =>
  (await app.request.post('/api/profile/status').send({ initData })).body as { status: string; reason: string | null };

/** 20+ characters, as every rejection needs. */
export const REASON = 'На фото не видно лица, замените, пожалуйста';
