import { createReadStream, type ReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Context } from 'koa';

// What the build writes beside each text asset (scripts/precompress.ts), in the order we prefer them.
const ENCODINGS = [
  { encoding: 'br', ext: '.br' },
  { encoding: 'gzip', ext: '.gz' },
] as const;

const isFile = (file: string) =>
  stat(file).then(
    (info) => info.isFile(),
    () => false,
  );

/**
 * The body for a static file: its precompressed copy when the client accepts one and the build wrote it
 * (Content-Encoding set), else the file itself. Either way caches are told the answer varies by Accept-Encoding.
 */
export async function staticFileBody(ctx: Context, file: string): Promise<ReadStream> {
  ctx.vary('Accept-Encoding');
  for (const { encoding, ext } of ENCODINGS) {
    if (ctx.acceptsEncodings(encoding, 'identity') !== encoding || !(await isFile(file + ext))) continue;
    ctx.set('Content-Encoding', encoding);
    return createReadStream(file + ext);
  }
  return createReadStream(file);
}
