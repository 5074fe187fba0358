import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
const dir = mkdtempSync(path.join(os.tmpdir(), 'webapp-'));

beforeAll(async () => {
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<html><head><title>x</title></head><body></body></html>');
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = await createTestApp({ webappDir: dir, productName: 'Орбита' });
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('serving the mini app', () => {
  it('answers client routes with index.html carrying the public configuration', async () => {
    const res = await app.request.get('/likes-history');
    expect(res.status).toBe(200);
    expect(res.text).toContain('window.__APP_CONFIG__={"productName":"Орбита"');
    expect(res.text).toContain('<title>Орбита</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("puts the configuration ahead of the page's stylesheet, beside the inline start-up script, taking its text as text", async () => {
    const built = mkdtempSync(path.join(os.tmpdir(), 'webapp-built-'));
    writeFileSync(
      path.join(built, 'index.html'),
      '<html><head><script data-boot>boot()</script><link rel="stylesheet" href="/assets/style.css"><title>x</title></head><body></body></html>',
    );
    const withBoot = await createTestApp({ webappDir: built, productName: "Орбита $& $'" });
    try {
      const page = (await withBoot.request.get('/')).text;
      const config = page.indexOf(`window.__APP_CONFIG__={"productName":"Орбита $& $'"`);
      expect(config).toBeGreaterThan(0);
      expect(config).toBeLessThan(page.indexOf('<link rel="stylesheet"'));
      expect(page).toMatch(/<script nonce="[^"]+" data-boot>boot\(\)<\/script>/);
      expect(page).toContain("<title>Орбита $ $'</title>");
    } finally {
      await withBoot.close();
      rmSync(built, { recursive: true, force: true });
    }
  });

  it('tells the mini app the channel only when CHANNEL_HANDLE is set', async () => {
    expect((await app.request.get('/')).text).toContain('"channelHandle":null');
    const withChannel = await createTestApp({ webappDir: dir, channelHandle: '@orbita_news' });
    try {
      expect((await withChannel.request.get('/')).text).toContain('"channelHandle":"@orbita_news"');
    } finally {
      await withChannel.close();
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await app.request.get('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('serves the favicon the page links to as an SVG image', async () => {
    const res = await app.request.get('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
  });

  it('does not serve files outside its folder', async () => {
    const res = await app.request.get('/assets/..%2f..%2fetc%2fpasswd');
    expect(res.status).toBe(404);
  });

  it('has no demo launcher outside demo mode', async () => {
    expect((await app.request.get('/dev')).status).toBe(404);
    expect((await app.request.get('/dev/api/users')).status).toBe(404);
  });
});
