import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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

/** The bytes on the wire (not undone), with the headers: a server on an ephemeral port, one GET. */
async function onTheWire(body: () => unknown, acceptEncoding: string): Promise<{ headers: http.IncomingHttpHeaders; bytes: Buffer }> {
  const app = new Koa();
  app.use(compressResponses());
  app.use((ctx) => void (ctx.body = body()));
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      http
        .get({ port, host: '127.0.0.1', headers: { 'accept-encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  } finally {
    server.close();
  }
}

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
    const wire = await onTheWire(() => big, 'gzip, deflate, br');
    expect(wire.bytes.length).toBeLessThan(JSON.stringify(big).length / 3);
    expect(JSON.parse(brotliDecompressSync(wire.bytes).toString())).toEqual(big);
  });

  it('falls back to gzip for clients without brotli, and to plain JSON for clients without either', async () => {
    const gz = await raw(
      appAnswering(() => big)
        .get('/')
        .set('Accept-Encoding', 'gzip'),
    );
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse((gz.body as Buffer).toString())).toEqual(big);
    const wire = await onTheWire(() => big, 'gzip');
    expect(wire.headers['content-encoding']).toBe('gzip');
    expect(wire.bytes.length).toBeLessThan(JSON.stringify(big).length / 3);
    expect(JSON.parse(gunzipSync(wire.bytes).toString())).toEqual(big);
    const plain = await raw(
      appAnswering(() => big)
        .get('/')
        .set('Accept-Encoding', 'identity'),
    );
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse((plain.body as Buffer).toString())).toEqual(big);
  });

  it('leaves small answers and images as they are', async () => {
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
  });

  it('compresses a streamed JSON answer too (koa-compress pipes it through brotli)', async () => {
    const stream = await raw(
      appAnswering(() => Readable.from([JSON.stringify(big)]), 'application/json')
        .get('/')
        .set('Accept-Encoding', 'br'),
    );
    expect(stream.headers['content-encoding']).toBe('br');
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
});
