import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInitData, testLaunchUser } from '../../support/init-data';
import { createTestApp, type TestApp } from '../../support/test-app';

// JSON bodies are read by koa-body (api/middleware/body.ts: co-body strict mode, bourne, raw-body's limits), then
// checked to be an object.
let app: TestApp;
let initData: string;
beforeAll(async () => {
  app = await createTestApp();
  initData = signInitData(testLaunchUser());
});
afterAll(() => app.close());

const post = (body: string | Buffer, type = 'application/json') =>
  app.request.post('/api/telegram/validate').set('Content-Type', type).set('Authorization', `tma ${initData}`).send(body);
const BAD_JSON = { ok: false, error: 'BAD_REQUEST', message: 'Некорректный JSON в теле запроса' };

describe('a JSON body', () => {
  it('is read as an object, whatever the parameters, spacing or a byte order mark', async () => {
    expect((await post('{"a":1}')).status).toBe(200);
    expect((await post(' \n{"a":[1,{"b":null}]}', 'application/json; charset=utf-8')).status).toBe(200);
    expect((await post(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{}')]))).status).toBe(200);
    expect((await post('{}', 'Application/JSON')).status).toBe(200);
  });

  it('that is empty counts as {}', async () => {
    const res = await app.request
      .post('/api/telegram/validate')
      .set('Content-Type', 'application/json')
      .set('Content-Length', '0')
      .set('Authorization', `tma ${initData}`);
    expect(res.status).toBe(200);
  });

  it('is found in the body when it carries the initData', async () => {
    const res = await app.request.post('/api/telegram/validate').set('Content-Type', 'application/json').send(JSON.stringify({ initData }));
    expect(res.status).toBe(200);
  });

  it('is refused when malformed, a bare value, or an own __proto__ key (however escaped)', async () => {
    for (const body of ['{"a":', '"text"', '12', 'null', '{"__proto__":{"admin":true}}', '{"a":{"\\u005f_proto__":{}}}']) {
      const res = await post(body);
      expect(res.status, body).toBe(400);
      expect(res.body, body).toEqual(BAD_JSON);
    }
  });

  it('that is an array is refused as not an object', async () => {
    const res = await post('[1,2]');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('BAD_REQUEST');
    expect(res.body.message).not.toBe(BAD_JSON.message);
  });

  it('over 256 KB is refused with 413, whether the length is declared or streamed', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(300_000) });
    expect((await post(big)).body).toEqual({ ok: false, error: 'PAYLOAD_TOO_LARGE', message: 'Слишком большой запрос' });
    const streamed = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL('/api/telegram/validate', app.api.url);
      const req = http.request(
        url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', authorization: `tma ${initData}` },
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      for (let i = 0; i < 10; i++) req.write('x'.repeat(30_000));
      req.end();
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toMatchObject({ error: 'PAYLOAD_TOO_LARGE' });
  });

  it('with a NUL character is refused', async () => {
    const res = await post('{"a":"x\\u0000y"}');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('BAD_REQUEST');
  });
});
