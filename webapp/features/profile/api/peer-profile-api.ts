import { profileViewResponseSchema } from '../../../../contracts/profile-view';
import type { ProfileCard } from '../../../../contracts/profile-card';
import { apiGet } from '../../../lib/api/api-client';

export type PeerRef = { kind: 'user'; userId: string } | { kind: 'chat'; chatId: string };

/** GET /api/profile/view or /api/profile/view-by-chat: the other user's public card. */
export async function fetchPeerProfile(ref: PeerRef, signal?: AbortSignal): Promise<ProfileCard> {
  const answer =
    ref.kind === 'user'
      ? await apiGet('/profile/view', { query: { userId: ref.userId }, schema: profileViewResponseSchema, signal })
      : await apiGet('/profile/view-by-chat', { query: { chatId: ref.chatId }, schema: profileViewResponseSchema, signal });
  return answer.profile;
}
