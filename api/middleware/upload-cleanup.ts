import { rm } from 'node:fs/promises';
import type { Context } from 'koa';

/** Runs the rest of a request (`run`: its body's parse and what follows), then removes the temp files of its multipart body, whatever happened. */
export async function removingUploadedFiles(ctx: Context, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } finally {
    const files = ctx.request.files ? Object.values(ctx.request.files).flat() : [];
    await Promise.all(files.map((file) => rm(file.filepath, { force: true }).catch(() => undefined)));
  }
}
