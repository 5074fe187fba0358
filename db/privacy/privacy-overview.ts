import type { EntityManager } from '@mikro-orm/postgresql';
import type { PrivacyOverview } from '../../contracts/privacy';
import { archivedChats, chatTitleOf } from '../chats/chat-list.repository';
import { likesHistoryPage } from '../likes/likes-history.repository';
import { loadViewer } from '../matching/viewer';
import { blacklistOf } from './blacklist.repository';
import { loadPrivacySettings } from './privacy-settings';

const LIKES_SHOWN = 20;

/** The latest likes given and received (people the user may still see), and how many there are in all. */
async function recentLikes(em: EntityManager, userId: number): Promise<{ items: PrivacyOverview['likesHistory']; total: number }> {
  const viewer = await loadViewer(em, userId).catch(() => null);
  if (!viewer) return { items: [], total: 0 };
  const received = await likesHistoryPage(em, viewer, 'received-likes', 1, LIKES_SHOWN);
  const mine = await likesHistoryPage(em, viewer, 'my-likes', 1, LIKES_SHOWN);
  const items = [...received.likes, ...mine.likes]
    .sort((a, b) => b.likedAt.localeCompare(a.likedAt))
    .slice(0, LIKES_SHOWN)
    .map(({ userId: id, displayName, photoUrl, likedAt, isMyLike, isMatched }) => ({
      userId: id,
      displayName,
      photoUrl,
      likedAt,
      isMyLike,
      isMatched,
    }));
  return { items, total: received.totalCount };
}

/** GET /api/privacy/settings: settings, blacklist, archived chats and recent likes, with their counts. */
export async function loadPrivacyOverview(em: EntityManager, userId: number): Promise<PrivacyOverview> {
  const settings = await loadPrivacySettings(em, userId);
  const blacklist = await blacklistOf(em, userId);
  const archive = (await archivedChats(em, userId)).chats.map((c) => ({
    chatId: String(c.chatId),
    title: chatTitleOf(c),
  }));
  const likes = await recentLikes(em, userId);
  return {
    ok: true,
    settings,
    blacklist: blacklist.entries,
    archive,
    likesHistory: likes.items,
    counts: { blacklist: blacklist.total, archive: archive.length, likesHistory: likes.total },
  };
}
