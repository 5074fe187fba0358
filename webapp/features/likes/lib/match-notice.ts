import { z } from 'zod';
import { needsMatchToast, recordMatchToast } from '../../../components/match-view/match-moment';
import { showToast } from '../../../components/ui/toast-store';
import { haptics } from '../../../lib/telegram/haptics';
import { chatPath } from '../../../lib/chat-path';

const MATCH_TOAST_MS = 5000;

/** data of a `match` push: the chat, and who the match is with. */
export const matchDataSchema = z.object({
  chatId: z.union([z.string().min(1), z.number()]).transform(String),
  userId: z.union([z.string(), z.number()]).transform(String).optional(),
});

/**
 * '🎉 Ваш лайк взаимный!' with 'Перейти' to the chat (end-user.md §4 Explore), for a match the other side completed;
 * once per chat, and not for one the screen shows as the match view.
 */
export function announceMatch(chatId: string, userId: string | undefined, go: (path: string) => void): void {
  if (!needsMatchToast(chatId, userId)) return;
  haptics.notify('success');
  const id = showToast({
    text: '🎉 Ваш лайк взаимный!',
    description: 'Нажмите чтобы перейти в чат',
    tone: 'success',
    durationMs: MATCH_TOAST_MS,
    action: { label: 'Перейти', onPress: () => go(chatPath(chatId)) },
  });
  recordMatchToast(chatId, id);
}
