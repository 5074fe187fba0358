import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Middleware } from 'koa';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this many bytes compression saves less than it costs (a packet either way). */
export const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json)|image\/svg\+xml)/;

/**
 * The body as text or bytes when it is what we may compress (strings, buffers, JSON values, serialised here as Koa
 * would serialise them); streams and other bodies Koa sends as they are (Blob, ReadableStream, Response) are left alone.
 */
function contentOf(body: unknown): string | Buffer | null {
  if (typeof body === 'string' || Buffer.isBuffer(body)) return body;
  if (body === null || typeof body !== 'object' || typeof (body as { pipe?: unknown }).pipe === 'function') return null;
  if (body instanceof Blob || body instanceof ReadableStream || body instanceof Response) return null;
  return JSON.stringify(body);
}

/** Whether `content` has fewer than `bytes` bytes in UTF-8, measured only when its length leaves it open. */
function shorterThan(content: string | Buffer, bytes: number): boolean {
  if (typeof content !== 'string') return content.length < bytes;
  // A UTF-16 unit is 1 to 3 bytes of UTF-8.
  if (content.length >= bytes) return false;
  return content.length * 3 < bytes || Buffer.byteLength(content) < bytes;
}

/**
 * Compresses JSON and text answers over COMPRESS_MIN_BYTES with brotli (quality 4: fast enough per request) or
 * gzip, as the client accepts; static assets come precompressed (api/precompressed.ts) and are passed through.
 * The client's encodings are asked only for an answer that large: most API answers are smaller, and a JSON value
 * serialised here to measure it is sent as that text rather than serialised again by Koa.
 */
export function compressResponses(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.method === 'HEAD' || ctx.response.get('Content-Encoding') || !COMPRESSIBLE.test(ctx.response.type)) return;
    ctx.vary('Accept-Encoding');
    const content = contentOf(ctx.body);
    if (content === null) return;
    // Ours first: a client listing gzip before br still gets the smaller brotli answer.
    const encoding = shorterThan(content, COMPRESS_MIN_BYTES)
      ? undefined
      : (['br', 'gzip'] as const).find((e) => ctx.acceptsEncodings(e, 'identity') === e);
    if (!encoding) {
      if (content !== ctx.body) ctx.body = content;
      return;
    }
    const raw = typeof content === 'string' ? Buffer.from(content) : content;
    const type = ctx.response.type;
    ctx.body =
      encoding === 'br'
        ? await brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
        : await gzipAsync(raw, { level: 6 });
    // A Buffer body would otherwise be labelled application/octet-stream.
    ctx.type = type;
    ctx.set('Content-Encoding', encoding);
  };
}
