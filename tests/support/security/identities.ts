import { User, type Role } from '../../../db/users/user.entity';
import { createMember, type MemberOptions } from '../factories';
import { signInitData } from '../init-data';
import type { TestApp } from '../test-app';

/** Who calls: nobody, forged or stale initData, or a real user of each kind. */
export const IDENTITIES = ['none', 'tampered', 'expired', 'user', 'banned', 'moderator', 'admin'] as const;
export type Identity = (typeof IDENTITIES)[number];

export interface Caller {
  identity: Identity;
  /** The Telegram id the call is about (also for none/tampered/expired: their fixtures are built for it). */
  id: number;
  /** What goes into the request; null sends no initData at all. */
  initData: string | null;
}

const ROLE: Partial<Record<Identity, Role>> = { moderator: 'MODERATOR', admin: 'ADMIN' };
const DAY_MS = 86_400_000;

/** initData of the member as the mini app sends it (matching the row, so a call changes nothing of it). */
export const initDataOf = (id: number) => signInitData({ id, first_name: 'Тест', username: `u${id}` });

/** initData whose signed user was changed afterwards (someone else's id). */
export function tamperedInitData(id: number): string {
  const genuine = initDataOf(id);
  return genuine.replace(encodeURIComponent(`"id":${id}`), encodeURIComponent(`"id":${id + 1}`));
}

/** A fresh member (profile approved, age 16 unless told) calling as `identity`. */
export async function callerAs(app: TestApp, identity: Identity, member: MemberOptions = {}): Promise<Caller> {
  const em = app.db.orm.em.fork();
  const id = await createMember(em, { ...member, banned: identity === 'banned' });
  const role = ROLE[identity];
  await em.nativeUpdate(User, { telegramId: id }, { languageCode: 'ru', ...(role ? { role } : {}) });
  const initData =
    identity === 'none'
      ? null
      : identity === 'tampered'
        ? tamperedInitData(id)
        : identity === 'expired'
          ? signInitData({ id, first_name: 'Тест', username: `u${id}` }, { authDate: new Date(Date.now() - 2 * DAY_MS) })
          : initDataOf(id);
  return { identity, id, initData };
}
