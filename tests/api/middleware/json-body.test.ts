import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInitData, testLaunchUser } from '../../support/init-data';
import { createTestApp, type TestApp } from '../../support/test-app';
import { BodyReadError, readJsonBody } from '../../../api/middleware/json-body';

// Plain JSON bodies are read without koa-body (api/middleware/json-body.ts); they must be refused and accepted
// exactly as koa-body (co-body strict mode, bourne, raw-body's limits) did.
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

describe('readJsonBody', () => {
  // A plain server: the body's value, and whether the request stream then ended as a read stream does.
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      readJsonBody(req, 1024).then(
        (value) => {
          const ended = new Promise<boolean>((resolve) => (req.readableEnded ? resolve(true) : req.once('end', () => resolve(true))));
          void Promise.race([ended, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1000))]).then((didEnd) =>
            res.end(JSON.stringify({ value, ended: didEnd })),
          );
        },
        (err: BodyReadError) => res.end(JSON.stringify({ refused: err.status })),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Raw HTTP/1.1 on one keep-alive socket: each request's parts written `gapMs` apart; the answers' bodies. */
  async function exchange(requests: { body: string; split?: boolean }[], gapMs = 30): Promise<unknown[]> {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const answers: unknown[] = [];
    let buffered = '';
    const next = () =>
      new Promise<void>((resolve) =>
        socket.on('data', function onData(chunk: Buffer) {
          buffered += chunk.toString();
          const headEnd = buffered.indexOf('\r\n\r\n');
          if (headEnd < 0) return;
          const length = Number(/content-length: (\d+)/i.exec(buffered.slice(0, headEnd))![1]);
          const start = headEnd + 4;
          if (Buffer.byteLength(buffered.slice(start)) < length) return;
          answers.push(JSON.parse(buffered.slice(start)));
          buffered = '';
          socket.off('data', onData);
          resolve();
        }),
      );
    for (const { body, split } of requests) {
      const head = `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
      const answered = next();
      if (split) {
        socket.write(head + body.slice(0, 3));
        await new Promise((resolve) => setTimeout(resolve, gapMs));
        socket.write(body.slice(3));
      } else socket.write(head + body);
      await answered;
    }
    socket.destroy();
    return answers;
  }

  it('takes a body that came with its headers in one read, and the request still ends', async () => {
    expect(await exchange([{ body: '{"a":1}' }, { body: '{"b":[2]}' }, { body: '' }])).toEqual([
      { value: { a: 1 }, ended: true },
      { value: { b: [2] }, ended: true },
      { value: {}, ended: true },
    ]);
  });

  it('waits for a body that comes after its headers', async () => {
    expect(await exchange([{ body: '{"late":"часть"}', split: true }, { body: '{"then":true}' }])).toEqual([
      { value: { late: 'часть' }, ended: true },
      { value: { then: true }, ended: true },
    ]);
  });

  it('refuses a declared length over the limit before reading', async () => {
    expect(await exchange([{ body: `{"pad":"${'x'.repeat(2000)}"}` }])).toEqual([{ refused: 413 }]);
  });
});
