import { useChannel } from '../../../lib/realtime/use-channel';
import { useSession } from '../../../lib/session/session-store';
import { applyChatsPush } from '../lib/chat-list-link';

/**
 * The chat list follows ch:'chats' wherever the user is, so /chat shows what came meanwhile without a reload. The
 * pushes go to the list's query cache once its chunk has loaded; before that there is no list to keep current.
 */
export function useChatListLive(): void {
  const me = useSession((s) => (s.user ? String(s.user.telegramId) : null));
  useChannel('chats', (message) => applyChatsPush(message, me));
}
