import { existsSync, mkdtempSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
const dir = mkdtempSync(path.join(os.tmpdir(), 'webapp-br-'));
const script = `export const cards = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, text: `Анкета номер ${i}` })))};\n`;
const html = `<html><head><title>x</title>${'<link rel="modulepreload" href="/assets/chunk.js">'.repeat(40)}</head><body></body></html>`;

beforeAll(async () => {
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), html);
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), script);
  writeFileSync(path.join(dir, 'assets', 'photo-abc123.png'), Buffer.alloc(4096, 7));
  precompressDir(dir);
  app = await createTestApp({ webappDir: dir, productName: 'Орбита' });
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('compressed static assets', () => {
  it('the build step writes brotli and gzip copies of text assets only', () => {
    expect(existsSync(path.join(dir, 'assets', 'index-abc123.js.br'))).toBe(true);
    expect(existsSync(path.join(dir, 'assets', 'index-abc123.js.gz'))).toBe(true);
    expect(existsSync(path.join(dir, 'assets', 'photo-abc123.png.br'))).toBe(false);
  });

  it('serves the brotli copy to a browser that accepts it, with the type, long cache and Vary of the original', async () => {
    const res = await app.request.get('/assets/index-abc123.js').set('Accept-Encoding', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.text).toBe(script);
  });

  it('serves gzip to clients without brotli and the file itself to clients without either', async () => {
    const gz = await app.request.get('/assets/index-abc123.js').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(script);
    const plain = await app.request.get('/assets/index-abc123.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(script);
  });

  it('sends an asset with its length and modification time (koa-send), the length of the precompressed copy when sent', async () => {
    const br = await app.request.get('/assets/index-abc123.js').set('Accept-Encoding', 'br');
    expect(Number(br.headers['content-length'])).toBe(statSync(path.join(dir, 'assets', 'index-abc123.js.br')).size);
    expect(new Date(br.headers['last-modified']!).getTime()).not.toBeNaN();
    const plain = await app.request.get('/assets/index-abc123.js').set('Accept-Encoding', 'identity');
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(script));
  });

  it('sends images as they are', async () => {
    const res = await app.request.get('/assets/photo-abc123.png').set('Accept-Encoding', 'br');
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the page itself, which carries the configuration and so is built per request', async () => {
    const res = await app.request.get('/explore').set('Accept-Encoding', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.text).toContain('window.__APP_CONFIG__=');
  });
});
