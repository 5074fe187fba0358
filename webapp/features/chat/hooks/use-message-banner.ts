import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CHAT_STATE_TEXT } from '../../../../contracts/chat-state-text';
import { dismissToast, showToast } from '../../../components/ui/toast-store';
import { useChannel } from '../../../lib/realtime/use-channel';
import { useSession } from '../../../lib/session/session-store';
import { chatPath } from '../../../lib/chat-path';
import { firstWords } from '../lib/chat-format';
import { chatTitleInList } from '../lib/chat-list-link';

/** How long the banner stays (as the new-like toast). */
const MESSAGE_BANNER_MS = 4000;

/**
 * The chat's title as the list has it, or as its info tells when the list does not hold it yet (the chat API, with its
 * schemas, loads then: the banner is in every screen's frame, and start-up does not need it).
 */
async function titleOf(chatId: string): Promise<string> {
  const known = chatTitleInList(chatId);
  const title =
    known ??
    (await import('../api/chat-api')
      .then(({ fetchChatInfo }) => fetchChatInfo(chatId))
      .then(
        (info) => info.title,
        () => '',
      ));
  return title.trim() || CHAT_STATE_TEXT.untitled;
}

/**
 * A peer's new message while the viewer is elsewhere in the app (not in that chat, not on the chat list, which shows it
 * live): a short banner with the peer's name and the first words; a tap opens the chat. The bot stays silent meanwhile,
 * since an open socket counts as online (bot/notifications/messages.ts).
 */
export function useMessageBanner(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const where = useRef(pathname);
  useLayoutEffect(() => {
    where.current = pathname;
  });
  const me = useSession((s) => (s.user ? String(s.user.telegramId) : null));
  // One banner per chat: the next message of a chat replaces its banner instead of stacking under it.
  const shown = useRef(new Map<string, number>());
  const onNewMessage = async (data: unknown) => {
    // The chat's schemas (with zod classic) load with the first message: the frame is part of start-up (issue 39).
    const { chatsPushes } = await import('../../../../contracts/chat');
    const push = chatsPushes.newMessage.safeParse(data);
    if (!push.success) return;
    const { chatId, message, preview } = push.data;
    const path = chatPath(chatId);
    if (message.deleted || message.senderId === me || where.current === path || where.current === '/chat') return;
    void titleOf(chatId).then((title) => {
      if (where.current === path) return;
      const previous = shown.current.get(chatId);
      if (previous !== undefined) dismissToast(previous);
      const id = showToast({
        text: title,
        description: firstWords(preview.last ?? ''),
        durationMs: MESSAGE_BANNER_MS,
        onPress: () => navigate(path),
      });
      shown.current.set(chatId, id);
    });
  };
  useChannel('chats', (envelope) => {
    if (envelope.t === 'newMessage') void onNewMessage(envelope.data);
  });
}
