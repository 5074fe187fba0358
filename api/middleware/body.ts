import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { AppError, MESSAGES } from '../contracts/errors';
import { hasNulCharacter } from './nul-characters';

const MAX_UPLOAD_BYTES = 12 * 1024 * 1024;

const parse = koaBody({
  multipart: true,
  text: false,
  jsonLimit: '256kb',
  formLimit: '256kb',
  formidable: { maxFileSize: MAX_UPLOAD_BYTES, maxFiles: 1, maxFields: 50 },
  onError: (err, ctx) => {
    const e = err as { status?: number; httpCode?: number };
    if (e.status === 413 || e.httpCode === 413) throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.tooLarge);
    throw new AppError('BAD_REQUEST', ctx.is('json') ? MESSAGES.badJson : MESSAGES.badBody);
  },
});

/**
 * JSON objects, forms and multipart bodies (what the mini app sends); anything else is refused before a
 * route sees it: another content type with 415, JSON that is not an object (an array) with 400, and so is
 * a NUL character anywhere in the body or the query.
 */
export function bodyParser(): Middleware {
  return async (ctx, next) => {
    // null: no body at all; false: a body of a type we do not read.
    // An empty body (Content-Length: 0, as fetch sends for a bare POST) has no type to refuse.
    if (ctx.request.length !== 0 && ctx.is('json', 'multipart', 'urlencoded') === false) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.unsupportedBody);
    await parse(ctx, async () => {
      const body: unknown = ctx.request.body;
      if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) throw new AppError('BAD_REQUEST', MESSAGES.bodyNotObject);
      if (hasNulCharacter(body) || hasNulCharacter(ctx.query)) throw new AppError('BAD_REQUEST', MESSAGES.nulCharacter);
      await next();
    });
  };
}
