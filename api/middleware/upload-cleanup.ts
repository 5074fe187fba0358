import { rm } from 'node:fs/promises';
import type { Context, Middleware } from 'koa';

async function removeAfter(ctx: Context, next: () => Promise<unknown>): Promise<void> {
  try {
    await next();
  } finally {
    const files = ctx.request.files ? Object.values(ctx.request.files).flat() : [];
    await Promise.all(files.map((file) => rm(file.filepath, { force: true }).catch(() => undefined)));
  }
}

/**
 * Removes the temp files of a multipart body once the request is done, whatever happened to it. Only a body
 * that names multipart (checked loosely: a superset of what koa-body parses) can leave files behind.
 */
export function removeUploadedFiles(): Middleware {
  return (ctx, next) => (/multipart/i.test(ctx.req.headers['content-type'] ?? '') ? removeAfter(ctx, next) : next());
}
