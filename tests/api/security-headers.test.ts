import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInitData, testLaunchUser, tmaHeader } from '../support/init-data';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let demo: TestApp;
const dir = mkdtempSync(path.join(os.tmpdir(), 'webapp-csp-'));

beforeAll(async () => {
  writeFileSync(path.join(dir, 'index.html'), '<html><head><title>x</title></head><body></body></html>');
  [app, demo] = await Promise.all([
    createTestApp({ webappDir: dir, s3: { publicUrl: 'https://img.example.org/bucket' } }),
    createTestApp({ webappDir: dir, demo: true }),
  ]);
});
afterAll(async () => {
  await Promise.all([app.close(), demo.close()]);
  rmSync(dir, { recursive: true, force: true });
});

/** The policy's directives by name. */
const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

describe('the mini app page', () => {
  it('carries a Content-Security-Policy whose nonce, new on every answer, is the inline config script’s', async () => {
    const [first, second] = [await app.request.get('/'), await app.request.get('/explore')];
    const nonces = [first, second].map((res) => {
      const policy = directives(res.headers['content-security-policy'] as string);
      const nonce = /<script nonce="([^"]+)">window.__APP_CONFIG__=/.exec(res.text)?.[1];
      expect(policy['script-src']).toEqual(["'self'", `'nonce-${nonce}'`]);
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
    const policy = directives(first.headers['content-security-policy'] as string);
    const host = new URL(app.api.url).host;
    expect(policy['connect-src']).toEqual(["'self'", `wss://${host}`, `ws://${host}`]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://img.example.org']);
    expect(policy['style-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(['https://web.telegram.org', 'https://*.telegram.org']);
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('may be framed by the /dev launcher’s origin in demo mode', async () => {
    const policy = directives((await demo.request.get('/')).headers['content-security-policy'] as string);
    expect(policy['frame-ancestors']).toEqual(["'self'", 'https://web.telegram.org', 'https://*.telegram.org']);
  });
});

describe('API answers', () => {
  it('are never cached, refusals included', async () => {
    const ok = await app.request.get('/api/profile/me').set(tmaHeader(signInitData(testLaunchUser())));
    const refused = await app.request.get('/api/profile/me');
    for (const res of [ok, refused]) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(refused.status).toBe(401);
  });
});
