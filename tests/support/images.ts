import type { Stream } from 'node:stream';
import sharp from 'sharp';
import { tmaHeader } from './init-data';
import type { TestApp } from './test-app';

/** A small real photo-like image made with sharp (noise, so encoders have something to do). */
export async function makeImage(format: 'jpeg' | 'png' | 'webp' | 'avif' = 'jpeg', size = { width: 320, height: 240 }): Promise<Buffer> {
  const base = sharp({
    create: { ...size, channels: 3, background: { r: 200, g: 80, b: 120 }, noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  });
  return base.toFormat(format).toBuffer();
}

export interface UploadOptions {
  variant?: 'profile' | 'avatar' | 'media';
  /** The chat a 'media' photo is for (screening applies that chat's policy at upload). */
  chatId?: number | string;
  filename?: string;
  contentType?: string;
}

/** POST /api/cdn/images/upload as the mini app sends it: multipart, initData in the Authorization header. */
export function upload(app: TestApp, initData: string, data: Buffer, opts: UploadOptions = {}) {
  const req = app.request.post('/api/cdn/images/upload').set(tmaHeader(initData));
  if (opts.variant) req.field('variant', opts.variant);
  if (opts.chatId !== undefined) req.field('chatId', String(opts.chatId));
  return req.attach('file', data, { filename: opts.filename ?? 'photo.jpg', contentType: opts.contentType ?? 'image/jpeg' });
}

/** Uploads `count` distinct profile photos and returns their URLs. */
export async function uploadPhotos(app: TestApp, initData: string, count = 3): Promise<string[]> {
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await upload(app, initData, await makeImage('jpeg', { width: 200 + i, height: 260 }), { variant: 'profile' });
    if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
    urls.push(res.body.url as string);
  }
  return urls;
}

/** Supertest parser that keeps a binary body as a Buffer. */
export function binaryBody(res: Stream, cb: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

/** The bytes served at a URL of the test app. */
export async function fetchBytes(app: TestApp, url: string): Promise<Buffer> {
  return (await app.request.get(url).buffer(true).parse(binaryBody)).body as Buffer;
}
