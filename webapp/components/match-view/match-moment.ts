import { dismissToast } from '../ui/toast-store';

// Likes on their way whose reply may bring a match: the screen shows that one as the match view, not a toast.
const awaiting = new Set<string>();
// chatId → the toast that announced it, or null once it was shown as the match view.
const announced = new Map<string, number | null>();

/** A like to `userId` was sent from a screen that shows the match view itself. */
export const awaitMatchWith = (userId: string) => void awaiting.add(userId);

/** The like's reply came (or never will): a later match with `userId` is a push again. */
export const stopAwaitingMatchWith = (userId: string) => void awaiting.delete(userId);

/** Whether a pushed match still needs the app-wide toast: not when a screen shows or will show it. */
export function needsMatchToast(chatId: string, userId: string | undefined): boolean {
  return !announced.has(chatId) && !(userId !== undefined && awaiting.has(userId));
}

export const recordMatchToast = (chatId: string, toastId: number) => void announced.set(chatId, toastId);

/** The match is on screen as the match view: a toast about it goes, and none comes later. */
export function claimMatchView(chatId: string): void {
  const toastId = announced.get(chatId);
  if (toastId) dismissToast(toastId);
  announced.set(chatId, null);
}
