// The avatars a landing chat screen shows first, asked for as soon as its early answer is back (landing-calls.ts),
// not once the app has run and drawn the rows: on a phone the app's code takes longer than the answer, and the
// avatars are the screen's largest paint. Only same-origin paths (/cdn/…), the URLs the app itself would draw.
import { isSameOriginPath } from './early-avatar';
import { isRecord } from './early-card-rule';

const ABOVE_THE_FOLD = 10;

/** What a chat list page (GET /api/chat/me) or a chat's info (GET /api/messages/chat-info) draws as avatars. */
export function avatarsIn(answer: unknown): string[] {
  if (!isRecord(answer)) return [];
  // A closed chat draws a lock, not the photo.
  const avatarOf = (chat: unknown) =>
    isRecord(chat) && chat.readOnly !== true && isSameOriginPath(chat.avatarUrl) ? chat.avatarUrl : null;
  const chats = Array.isArray(answer.items) ? answer.items.slice(0, ABOVE_THE_FOLD) : [answer];
  return chats.map(avatarOf).filter((url): url is string => url !== null);
}

/** Preloads the avatars of a landing call's answer (a copy of its body: the API client reads the answer itself). */
export function preloadAvatars(answer: Promise<Response>): void {
  void answer
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((body: unknown) => {
      for (const href of avatarsIn(body)) {
        const link = document.createElement('link');
        link.rel = 'preload';
        link.as = 'image';
        // Above the fold: not held back behind the app's chunks, as a low-priority image request would be.
        link.fetchPriority = 'high';
        link.href = href;
        document.head.append(link);
      }
    })
    .catch(() => undefined);
}
