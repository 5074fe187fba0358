import { z } from 'zod';
import { dismissToast, showToast } from '../../../components/ui/toast-store';
import { haptics } from '../../../lib/telegram/haptics';

export const MATCH_TOAST_MS = 5000;

/** data of a `match` message on either channel. */
export const matchDataSchema = z.object({ chatId: z.union([z.string().min(1), z.number()]).transform(String) });

export const chatPath = (chatId: string) => `/messages/${encodeURIComponent(chatId)}`;

// A match reaches the liker twice (the reply and the push): each chat is announced once.
const announced = new Map<string, number | null>();

/** '🎉 Ваш лайк взаимный!' with 'Перейти' to the chat, once per chat (end-user.md §4 Explore). */
export function announceMatch(chatId: string, go: (path: string) => void): void {
  if (announced.has(chatId)) return;
  haptics.notify('success');
  const id = showToast({
    text: '🎉 Ваш лайк взаимный!',
    description: 'Нажмите чтобы перейти в чат',
    tone: 'success',
    durationMs: MATCH_TOAST_MS,
    action: { label: 'Перейти', onPress: () => go(chatPath(chatId)) },
  });
  announced.set(chatId, id);
}

/** Goes straight to the new chat (the likes screen); a toast about the same match is taken away. */
export function enterMatchChat(chatId: string, go: (path: string) => void): void {
  const toastId = announced.get(chatId);
  if (toastId) dismissToast(toastId);
  announced.set(chatId, null);
  haptics.notify('success');
  go(chatPath(chatId));
}
