import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { AppError, MESSAGES } from '../contracts/errors';

const MAX_UPLOAD_BYTES = 12 * 1024 * 1024;

/** JSON, form and multipart bodies; a body that cannot be read is the client's mistake, never a 500. */
export function bodyParser(): Middleware {
  return koaBody({
    multipart: true,
    jsonLimit: '256kb',
    formLimit: '256kb',
    textLimit: '256kb',
    formidable: { maxFileSize: MAX_UPLOAD_BYTES, maxFiles: 1, maxFields: 50 },
    onError: (err, ctx) => {
      const e = err as { status?: number; httpCode?: number };
      if (e.status === 413 || e.httpCode === 413) throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.tooLarge);
      throw new AppError('BAD_REQUEST', ctx.is('json') ? MESSAGES.badJson : 'Некорректное тело запроса');
    },
  });
}
