import { rm } from 'node:fs/promises';
import type { Middleware } from 'koa';

/** Removes the temp files of a multipart body once the request is done, whatever happened to it. */
export function removeUploadedFiles(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      const files = ctx.request.files ? Object.values(ctx.request.files).flat() : [];
      await Promise.all(files.map((file) => rm(file.filepath, { force: true }).catch(() => undefined)));
    }
  };
}
