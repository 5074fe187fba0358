import Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs } from '../../support/log-capture';
import { createTestApp, type TestApp } from '../../support/test-app';

const logs = captureLogs('debug');
let app: TestApp;
beforeAll(async () => {
  // A route outside /api that fails unexpectedly, as a bug would.
  const failing = new Router().get('/boom/:id', () => {
    throw new Error('kaboom');
  });
  app = await createTestApp({ logger: logs.logger, extraRoutes: [failing] });
});
afterAll(() => app.close());

const linesOf = (reqId: string) => logs.records().filter((r) => r.reqId === reqId);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('gives a request without one a fresh id, answered in X-Request-Id and on its log line', async () => {
    const [one, two] = [await app.request.get('/api/places/search'), await app.request.get('/api/places/search')];
    const id = one.headers['x-request-id'];
    expect(id).toMatch(UUID);
    expect(two.headers['x-request-id']).not.toBe(id);
    expect(linesOf(id!)).toEqual([
      expect.objectContaining({
        level: 20,
        msg: 'request',
        method: 'GET',
        route: '/api/places/search',
        status: 401,
        ms: expect.any(Number),
      }),
    ]);
  });

  it('keeps a sane X-Request-Id from the caller and replaces one that is not', async () => {
    const kept = await app.request.get('/api/places/search').set('X-Request-Id', 'edge-7f3a:01');
    expect(kept.headers['x-request-id']).toBe('edge-7f3a:01');
    expect(linesOf('edge-7f3a:01')).toHaveLength(1);
    for (const bad of ['a b', 'x'.repeat(129), '"}{"level":60', 'id;rm -rf', '']) {
      const res = await app.request.get('/api/places/search').set('X-Request-Id', bad);
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
  });

  it('logs an unexpected failure with the request’s id, its route and the stack, and answers 500', async () => {
    const res = await app.request.get('/boom/42?initData=secret-query');
    expect(res.status).toBe(500);
    const [failure] = linesOf(res.headers['x-request-id']!).filter((r) => r.level === 50);
    expect(failure).toMatchObject({
      msg: 'unhandled error',
      method: 'GET',
      route: '/boom/:id',
      err: { name: 'Error', message: 'kaboom', stack: expect.stringContaining('request-id.test.ts') },
    });
    expect(logs.text()).not.toContain('secret-query');
  });
});
