import { ApiError } from './api-error';

export const OFFLINE_TEXT = 'Нет подключения к интернету';

const CYRILLIC = /[а-яё]/i;

/** Words meant for users: Russian text, never a browser's, a library's or a schema's English. */
export const isUserText = (text: unknown): text is string => typeof text === 'string' && text.trim() !== '' && CYRILLIC.test(text);

/** The device says it has no network (false only when the browser knows). */
export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Our API's own words for a refusal: the `message` of its error body, in Russian; nothing for transport, schema or library failures. */
export function serverMessage(err: unknown): string | undefined {
  if (!(err instanceof ApiError) || err.status < 400 || err.code === 'BAD_RESPONSE') return undefined;
  const body = err.body as { message?: unknown } | null;
  return body?.message === err.message && isUserText(err.message) ? err.message : undefined;
}

/** What a toast or an error block may say under its title: the server's words, or that the device is offline. */
export function errorDetail(err: unknown): string | undefined {
  if (err instanceof ApiError && err.status === 0 && isOffline()) return OFFLINE_TEXT;
  return serverMessage(err);
}

/** The one line to show for a failure: the server's words, the offline notice, else the screen's own spec text. */
export const errorText = (err: unknown, fallback: string): string => errorDetail(err) ?? fallback;
