import { Readable } from 'node:stream';
import Koa from 'koa';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, compressResponses } from '../../../api/middleware/compress';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Анкета ${i}` })) };

function appAnswering(body: () => unknown, type?: string) {
  const app = new Koa();
  app.use(compressResponses());
  app.use((ctx) => {
    ctx.body = body();
    if (type) ctx.type = type;
  });
  return supertest(app.callback());
}

/** The body as bytes (supertest has already undone any Content-Encoding). */
const raw = (req: supertest.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe('compressing answers', () => {
  it('sends JSON over the threshold as brotli when accepted, and says it varies by Accept-Encoding', async () => {
    const res = await raw(
      appAnswering(() => big)
        .get('/')
        .set('Accept-Encoding', 'gzip, deflate, br'),
    );
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.headers['content-type']).toContain('application/json');
    expect(JSON.parse((res.body as Buffer).toString())).toEqual(big);
    expect(Number(res.headers['content-length'])).toBeLessThan(JSON.stringify(big).length / 3);
  });

  it('falls back to gzip for clients without brotli, and to plain JSON for clients without either', async () => {
    const gz = await raw(
      appAnswering(() => big)
        .get('/')
        .set('Accept-Encoding', 'gzip'),
    );
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse((gz.body as Buffer).toString())).toEqual(big);
    expect(Number(gz.headers['content-length'])).toBeLessThan(JSON.stringify(big).length / 3);
    const plain = await raw(
      appAnswering(() => big)
        .get('/')
        .set('Accept-Encoding', 'identity'),
    );
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse((plain.body as Buffer).toString())).toEqual(big);
  });

  it('leaves small answers, images and streams as they are', async () => {
    const small = await raw(
      appAnswering(() => ({ ok: true }))
        .get('/')
        .set('Accept-Encoding', 'br'),
    );
    expect(small.headers['content-encoding']).toBeUndefined();
    const image = await raw(
      appAnswering(() => Buffer.alloc(COMPRESS_MIN_BYTES * 4), 'image/webp')
        .get('/')
        .set('Accept-Encoding', 'br'),
    );
    expect(image.headers['content-encoding']).toBeUndefined();
    const stream = await raw(
      appAnswering(() => Readable.from([JSON.stringify(big)]), 'application/json')
        .get('/')
        .set('Accept-Encoding', 'br'),
    );
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse((stream.body as Buffer).toString())).toEqual(big);
  });

  it('sends a small JSON answer as the same JSON, typed as JSON, with Vary', async () => {
    const res = await appAnswering(() => ({ ok: true, name: 'Анкета' }))
      .get('/')
      .set('Accept-Encoding', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.text).toBe('{"ok":true,"name":"Анкета"}');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
  });

  it('measures the threshold in bytes: Cyrillic text under the threshold in characters but over it in bytes is compressed', async () => {
    const cyrillic = { text: 'Ж'.repeat(COMPRESS_MIN_BYTES / 2) };
    expect(JSON.stringify(cyrillic).length).toBeLessThan(COMPRESS_MIN_BYTES);
    const res = await raw(
      appAnswering(() => cyrillic)
        .get('/')
        .set('Accept-Encoding', 'br'),
    );
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse((res.body as Buffer).toString())).toEqual(cyrillic);
  });

  it('leaves bodies Koa sends as they are (a Blob) alone', async () => {
    const text = JSON.stringify(big);
    const res = await raw(
      appAnswering(() => new Blob([text]), 'application/json')
        .get('/')
        .set('Accept-Encoding', 'br'),
    );
    expect(res.headers['content-encoding']).toBeUndefined();
    expect((res.body as Buffer).toString()).toBe(text);
  });
});
