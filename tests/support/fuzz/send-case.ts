import type { Response } from 'supertest';
import type { ApiRoute } from '../security/api-routes';
import type { TestApp } from '../test-app';
import type { HttpCase } from './http-cases';

/** Sends one fuzz case with initData in the Authorization header, so any body can still be signed in. */
export function sendCase(app: TestApp, route: ApiRoute, c: HttpCase, initData: string | null): Promise<Response> {
  const method = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
  const req = app.request[method](c.url);
  if (initData) req.set('Authorization', `tma ${initData}`);
  if (c.file) {
    for (const [k, v] of Object.entries(c.file.fields)) req.field(k, v);
    return req.attach('file', c.file.data, { filename: 'photo.jpg', contentType: 'image/jpeg' });
  }
  if (c.body !== undefined && route.method !== 'GET') return req.set('Content-Type', c.contentType ?? 'application/json').send(c.body);
  return req;
}
