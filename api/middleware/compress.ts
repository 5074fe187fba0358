import { constants } from 'node:zlib';
import compress from 'koa-compress';
import type { Middleware } from 'koa';

/** Below this many bytes compression saves less than it costs (a packet either way). */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * koa-compress: compressible answers (JSON, text, SVG; streams included) of COMPRESS_MIN_BYTES or more, in brotli
 * (quality 4: fast enough per request) or gzip as the client accepts, brotli first whatever the client's order;
 * Vary: Accept-Encoding on every answer. Static assets come precompressed (koa-send, api/static.ts) with their
 * Content-Encoding set, and are passed through.
 */
export function compressResponses(): Middleware {
  return compress({
    threshold: COMPRESS_MIN_BYTES,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    gzip: { level: 6 },
    deflate: false,
  });
}
