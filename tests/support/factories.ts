import type { EntityManager } from '@mikro-orm/postgresql';
import { recordIntroductions } from '../../db/introductions/introductions';
import { Profile } from '../../db/profiles/profile.entity';
import { User } from '../../db/users/user.entity';
import { freshTelegramId } from './init-data';

const DAY = 86_400_000;

/** A birth date that makes someone exactly `age` today, away from the birthday boundary. */
export function birthDateForAge(age: number, now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate()) - 100 * DAY);
  return d.toISOString().slice(0, 10);
}

export interface MemberOptions {
  age?: number;
  birthDate?: string;
  placeId?: number | null;
  city?: string;
  displayName?: string;
  /** 'visible' (both approved, default), 'browsing' (description pending), or 'new' (base pending). */
  stage?: 'visible' | 'browsing' | 'new';
  banned?: boolean;
  activeAt?: Date;
}

/** A user with a profile, written straight to the database. */
export async function createMember(em: EntityManager, opts: MemberOptions = {}): Promise<number> {
  const telegramId = freshTelegramId();
  const stage = opts.stage ?? 'visible';
  em.create(User, {
    telegramId,
    firstName: 'Тест',
    username: `u${telegramId}`,
    isBanned: opts.banned ?? false,
    bannedAt: opts.banned ? new Date() : null,
  });
  em.create(Profile, {
    user: telegramId,
    displayName: opts.displayName ?? 'Тест',
    birthDate: opts.birthDate ?? birthDateForAge(opts.age ?? 16),
    city: opts.city ?? 'Москва',
    place: opts.placeId ?? null,
    gender: 'QUEER',
    bio: 'Люблю музыку, книги и долгие прогулки по вечерам.',
    initialModerationStatus: stage === 'new' ? 'PENDING' : 'APPROVED',
    descriptionModerationStatus: stage === 'visible' ? 'APPROVED' : stage === 'browsing' ? 'PENDING' : null,
    ...(opts.activeAt ? { activeAt: opts.activeAt } : {}),
  } as never);
  await em.flush();
  em.clear();
  return telegramId;
}

export async function createMembers(em: EntityManager, count: number, opts: MemberOptions = {}): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push(await createMember(em, opts));
  return ids;
}

/**
 * Records that the product showed each subject to `viewer` (AMENDMENTS §5.1), as the feed serving their card would:
 * only then may the viewer name them by id (like, view, report, block).
 */
export async function introduce(em: EntityManager, viewer: number, ...subjects: number[]): Promise<void> {
  await recordIntroductions(
    em,
    subjects.map((s) => [viewer, s] as const),
  );
}

/** Both users were shown to each other. */
export async function introduceBothWays(em: EntityManager, a: number, b: number): Promise<void> {
  await recordIntroductions(em, [
    [a, b],
    [b, a],
  ]);
}
