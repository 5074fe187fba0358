import { request, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInitData, testLaunchUser } from '../../support/init-data';
import { createTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const BOUNDARY = 'x-upload-boundary';
const DECLARED_BYTES = 12 * 1024 * 1024 - 1024;

/**
 * Starts a 12 MB multipart upload and sends only its first part, then waits for the answer: a server that reads the
 * body before authenticating never answers until the rest comes (and the test times out).
 */
function answerToUnfinishedUpload(headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(`${app.api.url}/api/cdn/images/upload`, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(DECLARED_BYTES) },
    });
    req.on('error', reject);
    req.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) });
      });
    });
    req.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
    req.write(Buffer.alloc(64 * 1024, 0xff));
  });
}

describe('an upload is authenticated before its body is read', () => {
  it('refuses forged initData in the Authorization header at once, before the body has come', async () => {
    const forged = signInitData(testLaunchUser()).replace(/hash=[0-9a-f]{4}/, 'hash=0000');
    const res = await answerToUnfinishedUpload({ authorization: `tma ${forged}` });
    expect(res).toEqual({ status: 401, body: { ok: false, error: 'UNAUTHORIZED', message: expect.any(String) } });
  }, 10_000);

  it('refuses a multipart body without the Authorization header unread', async () => {
    const res = await answerToUnfinishedUpload({});
    expect(res).toEqual({ status: 401, body: { ok: false, error: 'UNAUTHORIZED', message: 'initData отсутствует' } });
  }, 10_000);
});
