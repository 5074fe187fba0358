import { useChannel } from '../../../lib/realtime/use-channel';
import { useSession } from '../../../lib/session/session-store';
import { useChatList } from '../stores/chat-list-store';

/** The chat list follows ch:'chats' wherever the user is, so /chat shows what came meanwhile without a reload. */
export function useChatListLive(): void {
  const me = useSession((s) => (s.user ? String(s.user.telegramId) : null));
  useChannel('chats', (message) => useChatList.getState().apply(message, me));
}
