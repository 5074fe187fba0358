import type { Middleware } from 'koa';

const API_PATH = /^\/api\//i;

/** On every answer: no MIME sniffing, no Referer to other sites; API answers (people's data) are never cached. */
export function securityHeaders(): Middleware {
  return (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (API_PATH.test(ctx.path)) ctx.set('Cache-Control', 'no-store');
    return next();
  };
}
