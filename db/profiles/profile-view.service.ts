import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../contracts/errors';
import type { ProfileCard } from '../../contracts/profile-card';
import { PROFILE_VIEW_MESSAGES } from '../../contracts/profile-view';
import { loadChatAccess } from '../chats/chat-access';
import { checkCanMeet } from '../matching/eligibility';
import { loadProfileCards } from './profile-cards';

const notFound = () => new AppError('NOT_FOUND', PROFILE_VIEW_MESSAGES.notFound);

/** Turns any refusal of `check` into the one neutral 404, so nobody learns why (age, block, ban, moderation). */
async function orNotFound<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (err) {
    if (err instanceof AppError) throw notFound();
    throw err;
  }
}

/** The public card of `targetId` as `viewerId` may see it now (the viewer's own card included). */
export async function viewProfile(em: EntityManager, viewerId: number, targetId: number, now = new Date()): Promise<ProfileCard> {
  if (viewerId !== targetId) await orNotFound(() => checkCanMeet(em, viewerId, targetId, now));
  const card = (await loadProfileCards(em, [targetId], now)).get(targetId);
  if (!card) throw notFound();
  return card;
}

/** The card of the other member of a chat of the viewer's; not a member, or a deleted peer, is the same 404. */
export async function viewProfileByChat(em: EntityManager, viewerId: number, chatId: number, now = new Date()): Promise<ProfileCard> {
  const access = await orNotFound(() => loadChatAccess(em, chatId, viewerId, now));
  if (access.peerId === null) throw notFound();
  return viewProfile(em, viewerId, access.peerId, now);
}
