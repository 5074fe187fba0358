import * as z from 'zod/mini';
import { needsMatchToast, recordMatchToast } from '../../../components/match-view/match-moment';
import { showToast } from '../../../components/ui/toast-store';
import { haptics } from '../../../lib/telegram/haptics';
import { chatPath } from '../../../lib/chat-path';

const MATCH_TOAST_MS = 5000;

/** data of a `match` push: the chat, and who the match is with (zod/mini: the app frame hears it, issue 39). */
export const matchDataSchema = z.object({
  chatId: z.pipe(z.union([z.string().check(z.minLength(1)), z.number()]), z.transform(String)),
  userId: z.optional(z.pipe(z.union([z.string(), z.number()]), z.transform(String))),
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
