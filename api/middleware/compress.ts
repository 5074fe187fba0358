import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Middleware } from 'koa';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this many bytes compression saves less than it costs (a packet either way). */
export const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json)|image\/svg\+xml)/;

/** The body as bytes when it is text we may compress (strings, buffers, JSON values); streams are left alone. */
function bytesOf(body: unknown): Buffer | null {
  if (typeof body === 'string') return Buffer.from(body);
  if (Buffer.isBuffer(body)) return body;
  if (body === null || typeof body !== 'object' || typeof (body as { pipe?: unknown }).pipe === 'function') return null;
  return Buffer.from(JSON.stringify(body));
}

/**
 * Compresses JSON and text answers over COMPRESS_MIN_BYTES with brotli (quality 4: fast enough per request) or
 * gzip, as the client accepts; static assets come precompressed (api/precompressed.ts) and are passed through.
 */
export function compressResponses(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.method === 'HEAD' || ctx.response.get('Content-Encoding') || !COMPRESSIBLE.test(ctx.response.type)) return;
    ctx.vary('Accept-Encoding');
    // Ours first: a client listing gzip before br still gets the smaller brotli answer.
    const encoding = (['br', 'gzip'] as const).find((e) => ctx.acceptsEncodings(e, 'identity') === e);
    // Asked before the body is serialised, so a client that takes no compression costs nothing more.
    if (!encoding) return;
    const raw = bytesOf(ctx.body);
    if (!raw || raw.length < COMPRESS_MIN_BYTES) return;
    const type = ctx.response.type;
    ctx.body = encoding === 'br' ? await brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }) : await gzipAsync(raw, { level: 6 });
    // A Buffer body would otherwise be labelled application/octet-stream.
    ctx.type = type;
    ctx.set('Content-Encoding', encoding);
  };
}
