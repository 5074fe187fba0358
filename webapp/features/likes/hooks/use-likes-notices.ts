import { useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { showToast } from '../../../components/ui/toast-store';
import { useChannel } from '../../../lib/realtime/use-channel';
import { chatPath } from '../../../lib/chat-path';
import { announceMatch, matchDataSchema } from '../lib/match-notice';

/** end-user.md §9: the new-like toast stays 4 s; another new_like within 5 s raises none. */
const NEW_LIKE_TOAST_MS = 4000;
const NEW_LIKE_REPEAT_MS = 5000;

/**
 * App-wide notices of the likes socket: a new like (toast, and `onNewLike` for the badge) and a match,
 * including one the other user completed while this one was elsewhere.
 */
export function useLikesNotices({ onNewLike }: { onNewLike?: () => void } = {}): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const lastNoticeAt = useRef(Number.NEGATIVE_INFINITY);

  useChannel('likes', (message) => {
    if (message.t !== 'new_like') return;
    onNewLike?.();
    const now = Date.now();
    if (now - lastNoticeAt.current < NEW_LIKE_REPEAT_MS) return;
    lastNoticeAt.current = now;
    showToast({
      text: '❤️ Новый лайк',
      description: 'Кто-то поставил вам лайк',
      durationMs: NEW_LIKE_TOAST_MS,
      action: pathname === '/likes' ? undefined : { label: 'Смотреть', onPress: () => navigate('/likes') },
    });
  });

  useChannel('explore', (message) => {
    if (message.t !== 'match') return;
    const match = matchDataSchema.safeParse(message.data);
    if (!match.success || pathname === chatPath(match.data.chatId)) return;
    announceMatch(match.data.chatId, match.data.userId, navigate);
  });
}
