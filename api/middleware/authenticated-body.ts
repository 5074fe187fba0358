import type { Middleware } from 'koa';
import type { AppState } from '../context';

const TMA_HEADER = /^tma /i;
const MULTIPART = /multipart/i;

/**
 * Authenticates a call and reads its body in the order that costs an unknown caller nothing: with initData in the
 * `Authorization` header (what the mini app sends) or a multipart body (an upload of up to 12 MB, written to disk as it
 * is read), the caller is authenticated first and the body read only then; a multipart body without the header is
 * refused unread. Only a small JSON or form body may carry initData itself, so it is read first.
 */
export function authenticatedBody(auth: Middleware<AppState>, body: Middleware<AppState>): Middleware<AppState> {
  return (ctx, next) => {
    const fromHeader = TMA_HEADER.test(ctx.headers.authorization ?? '');
    if (fromHeader || MULTIPART.test(ctx.headers['content-type'] ?? '')) return auth(ctx, () => body(ctx, next));
    return body(ctx, () => auth(ctx, next));
  };
}
