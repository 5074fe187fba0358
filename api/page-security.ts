import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';

export interface PageSecurityOptions {
  /** Demo mode: the /dev launcher on this origin frames the app. */
  demo: boolean;
  /** Origins images may come from besides our own (S3_PUBLIC_URL, where /cdn redirects). */
  imageOrigins: readonly string[];
}

/** Telegram's web clients (web.telegram.org/k and /a); the mobile and desktop apps open the page at the top level. */
const TELEGRAM_FRAMERS = ['https://web.telegram.org', 'https://*.telegram.org'];

export const createNonce = () => randomBytes(16).toString('base64');

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** The sockets' origins: the page's own host under ws and wss (older WebKit does not count them as 'self'). */
function socketSources(host: string): string[] {
  return /^[\w.-]+(:\d+)?$|^\[[\da-f:.]+\](:\d+)?$/i.test(host) ? [`wss://${host}`, `ws://${host}`] : [];
}

/** The policy of the mini app's page: only our scripts (and the one inline config script by its nonce). */
function contentSecurityPolicy(nonce: string, host: string, opts: PageSecurityOptions): string {
  const images = opts.imageOrigins.map(originOf).filter((o): o is string => o !== null);
  const framers = opts.demo ? ["'self'", ...TELEGRAM_FRAMERS] : TELEGRAM_FRAMERS;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    ['img-src', "'self'", 'data:', 'blob:', ...images].join(' '),
    ['connect-src', "'self'", ...socketSources(host)].join(' '),
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${framers.join(' ')}`,
  ].join('; ');
}

/** Headers of the mini app's HTML page, with the nonce its inline script carries. */
export function setPageSecurityHeaders(ctx: Context, nonce: string, opts: PageSecurityOptions): void {
  ctx.set('Content-Security-Policy', contentSecurityPolicy(nonce, ctx.host, opts));
}
