import type { BrowserContextOptions, Page } from 'playwright-core';
import type { E2E } from './e2e';
import { introduce } from './factories';
import { openSocket } from './ws-client';

/** Telegram's own theme parameters (web client), as a real launch passes them in the hash. */
export const TELEGRAM_THEMES = {
  light: {
    bg_color: '#ffffff',
    secondary_bg_color: '#f4f4f5',
    text_color: '#000000',
    hint_color: '#707579',
    link_color: '#3390ec',
    button_color: '#3390ec',
    button_text_color: '#ffffff',
    header_bg_color: '#ffffff',
    accent_text_color: '#3390ec',
    section_bg_color: '#ffffff',
    subtitle_text_color: '#707579',
    destructive_text_color: '#e53935',
  },
  dark: {
    bg_color: '#212121',
    secondary_bg_color: '#181818',
    text_color: '#ffffff',
    hint_color: '#aaaaaa',
    link_color: '#8774e1',
    button_color: '#8774e1',
    button_text_color: '#ffffff',
    header_bg_color: '#212121',
    accent_text_color: '#8774e1',
    section_bg_color: '#212121',
    subtitle_text_color: '#aaaaaa',
    destructive_text_color: '#ff595a',
  },
} as const;

export async function initDataOf(e2e: E2E, userId: number): Promise<string> {
  const res = await fetch(`${e2e.baseUrl}/dev/api/launch/${userId}`);
  return ((await res.json()) as { initData: string }).initData;
}

/**
 * Both like each other over the explore channel, exactly as the app does, once the feed has served `b`'s card to `a`
 * (recorded as the feed records it, AMENDMENTS §5.1, without swiping past anyone else in `a`'s feed); the chat id.
 */
export async function matchUsers(e2e: E2E, a: number, b: number): Promise<string> {
  await likeOnce(e2e, a, b);
  const sb = await openSocket(`${e2e.baseUrl.replace('http', 'ws')}/ws/likes`, await initDataOf(e2e, b));
  sb.send({ ch: 'explore', t: 'like', cid: 'b', data: { targetUserId: String(a) } });
  const reply = await sb.next<{ data: { chatId: string } }>((m) => m.cid === 'b' && m.t === 'match');
  await sb.close();
  return reply.data.chatId;
}

/** `from` likes `to` over the explore channel once the feed has served `to`'s card to `from` (no match unless `to` liked first). */
export async function likeOnce(e2e: E2E, from: number, to: number): Promise<void> {
  await introduce(e2e.db.orm.em.fork(), from, to);
  const socket = await openSocket(`${e2e.baseUrl.replace('http', 'ws')}/ws/likes`, await initDataOf(e2e, from));
  socket.send({ ch: 'explore', t: 'like', cid: 'a', data: { targetUserId: String(to) } });
  const liked = await socket.next((m) => m.cid === 'a');
  await socket.close();
  if (liked.t !== 'ack') throw new Error(`${from} may not like ${to}: ${JSON.stringify(liked)}`);
}

/** Sends texts as that user over /ws/messages, each acknowledged before the next; `replyToId`: each answers that message. */
export async function sendTexts(e2e: E2E, userId: number, chatId: string, texts: string[], replyToId?: string): Promise<void> {
  const socket = await openSocket(`${e2e.baseUrl.replace('http', 'ws')}/ws/messages`, await initDataOf(e2e, userId));
  for (const [i, text] of texts.entries()) {
    const clientId = `seed-${userId}-${Date.now()}-${i}`;
    socket.send({ ch: 'messages', t: 'send', cid: clientId, data: { chatId, text, clientId, replyToId } });
    await socket.next((m) => m.cid === clientId && m.t === 'sent', 5000);
  }
  await socket.close();
}

/**
 * A chat photo as that user, the way the mini app sends one but over HTTP: the multipart upload for that chat (screened
 * against its policy there), then send-image once the upload is accepted. Returns the upload's HTTP status.
 */
export async function sendPhotoOverHttp(e2e: E2E, userId: number, chatId: string, jpeg: Buffer): Promise<number> {
  const initData = await initDataOf(e2e, userId);
  const form = new FormData();
  form.set('variant', 'media');
  form.set('chatId', chatId);
  form.set('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
  const uploaded = await fetch(`${e2e.baseUrl}/api/cdn/images/upload`, {
    method: 'POST',
    headers: { Authorization: `tma ${initData}` },
    body: form,
  });
  if (uploaded.status !== 200) return uploaded.status;
  const { id } = (await uploaded.json()) as { id: string };
  const sent = await fetch(`${e2e.baseUrl}/api/messages/send-image`, {
    method: 'POST',
    headers: { Authorization: `tma ${initData}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ chatId, imageId: id, clientId: `photo-${userId}-${Date.now()}` }),
  });
  if (!sent.ok) throw new Error(`send-image failed: ${sent.status} ${await sent.text()}`);
  return uploaded.status;
}

/**
 * The app as that user in a Telegram theme, bound to --tg-theme-* as the SDK would; `storage` seeds localStorage and
 * `options` adds to the browser context's (e.g. bypassCSP for a test that injects a script).
 */
export async function openThemed(
  e2e: E2E,
  userId: number,
  route: string,
  theme: keyof typeof TELEGRAM_THEMES,
  storage: Record<string, string> = {},
  options: BrowserContextOptions = {},
): Promise<Page> {
  const res = await fetch(`${e2e.baseUrl}/dev/api/launch/${userId}?route=${encodeURIComponent(route)}`);
  const { url } = (await res.json()) as { url: string };
  const [path = '/', hash = ''] = url.split('#');
  const params = new URLSearchParams(hash);
  params.set('tgWebAppThemeParams', JSON.stringify(TELEGRAM_THEMES[theme]));
  const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ru-RU', colorScheme: theme, ...options });
  await context.addInitScript(
    ({ entries, colours }) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      document.addEventListener('DOMContentLoaded', () => {
        for (const [key, value] of Object.entries(colours))
          document.documentElement.style.setProperty(`--tg-theme-${key.replace(/_/g, '-')}`, value);
      });
    },
    { entries: storage, colours: TELEGRAM_THEMES[theme] as Record<string, string> },
  );
  const page = await context.newPage();
  await page.goto(`${e2e.baseUrl}${path}#${params.toString()}`);
  return page;
}
