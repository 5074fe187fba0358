import type { Context, Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { AppError, SERVER_MESSAGES } from '../../contracts/errors';
import { hasUnstorableCharacter } from './nul-characters';
import { removingUploadedFiles } from './upload-cleanup';

const MAX_UPLOAD_BYTES = 12 * 1024 * 1024;
const MAX_JSON_BYTES = 256 * 1024;
/** The methods koa-body reads a body for (its default). */
const PARSED_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const MULTIPART = /multipart/i;

/** A body that could not be read: 413 when it was too large (raw-body's status, formidable's httpCode), else 400. */
function refuseUnreadableAs(err: unknown, badMessage: string): never {
  const e = err as { status?: number; httpCode?: number };
  if (e.status === 413 || e.httpCode === 413) throw new AppError('PAYLOAD_TOO_LARGE', SERVER_MESSAGES.tooLarge);
  throw new AppError('BAD_REQUEST', badMessage);
}

const refuseUnreadable = (err: unknown, ctx: Context): never =>
  refuseUnreadableAs(err, ctx.is('json') ? SERVER_MESSAGES.badJson : SERVER_MESSAGES.badBody);

// JSON through co-body in strict mode (an object or an array, empty is {}), a `__proto__` key anywhere refused
// (co-body's bourne, onProtoPoisoning 'error' by default); the object rule is checked after (refuseUnusable).
const parse = koaBody({
  multipart: true,
  text: false,
  jsonStrict: true,
  jsonLimit: MAX_JSON_BYTES,
  formLimit: '256kb',
  formidable: { maxFileSize: MAX_UPLOAD_BYTES, maxFiles: 1, maxFields: 50 },
  onError: refuseUnreadable,
});

const noop = async () => undefined;

/**
 * Reads a JSON body of at most `limit` bytes with koa-body as the API reads one (strict, no `__proto__` key), its read
 * failures refused as the API refuses them: 413 too large, else 400 bad JSON. For routes outside the API's body
 * parser (the bot's webhook); the caller checks the type.
 */
export function jsonReader(limit: number): (ctx: Context) => Promise<unknown> {
  const json = koaBody({ json: true, urlencoded: false, text: false, multipart: false, jsonStrict: true, jsonLimit: limit });
  return async (ctx) => {
    await json(ctx, noop).catch((err: unknown) => refuseUnreadableAs(err, SERVER_MESSAGES.badJson));
    return ctx.request.body;
  };
}

function refuseUnusable(ctx: Context): void {
  const body: unknown = ctx.request.body;
  if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body)))
    throw new AppError('BAD_REQUEST', SERVER_MESSAGES.bodyNotObject);
  // An empty query string parses to no values: not parsed (Koa parses it afresh for every request).
  if (hasUnstorableCharacter(body) || (ctx.querystring !== '' && hasUnstorableCharacter(ctx.query)))
    throw new AppError('BAD_REQUEST', SERVER_MESSAGES.nulCharacter);
}

/**
 * JSON objects, forms and multipart bodies (what the mini app sends), read by koa-body; anything else is refused
 * before a route sees it: another content type with 415, JSON that is not an object (an array) with 400, and so is
 * a NUL character anywhere in the body or the query. A multipart body's temp files are removed once the
 * request is done, whatever happened to it.
 */
export function bodyParser(): Middleware {
  return (ctx, next) => {
    // null: no body at all; false: a body of a type we do not read.
    // An empty body (Content-Length: 0, as fetch sends for a bare POST) has no type to refuse.
    if (ctx.request.length !== 0 && ctx.is('json', 'multipart', 'urlencoded') === false)
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', SERVER_MESSAGES.unsupportedBody);
    // koa-body reads no other method's body: nothing to wait for (and no promise of our own).
    if (!PARSED_METHODS.has(ctx.method)) return (refuseUnusable(ctx), next());
    const parsed = () => parse(ctx, noop).then(() => (refuseUnusable(ctx), next()));
    // Checked loosely (a superset of what koa-body parses as multipart): only such a body leaves temp files.
    return MULTIPART.test(ctx.req.headers['content-type'] ?? '') ? removingUploadedFiles(ctx, parsed) : parsed();
  };
}
