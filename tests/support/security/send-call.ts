import type { Response } from 'supertest';
import type { HttpCall } from '../../api/security/permission-matrix';
import { tmaHeader } from '../init-data';
import type { TestApp } from '../test-app';
import { fillPath, type ApiRoute } from './api-routes';

let address = 0;
/** Another client's address (X-Forwarded-For: the test app trusts loopback as a proxy). */
export const freshAddress = () => `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`;

/**
 * Sends `call` to `route` as the mini app would: initData in the `Authorization: tma` header, whatever the method.
 * Each call comes from an address of its own: the permission matrix sends forged initData to every route, more
 * than one address may send a minute (RATE_LIMITS.initDataFailures).
 */
export function sendCall(app: TestApp, route: ApiRoute, call: HttpCall, initData: string | null, from = freshAddress()): Promise<Response> {
  const url = fillPath(route.path, call.params ?? {});
  const method = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
  const req = app.request[method](url).set('X-Forwarded-For', from);
  if (initData !== null) req.set(tmaHeader(initData));
  if (call.file) {
    for (const [k, v] of Object.entries(call.file.fields)) req.field(k, v);
    return req.attach('file', call.file.data, { filename: 'photo.jpg', contentType: 'image/jpeg' });
  }
  if (route.method === 'GET') return req.query(call.query ?? {});
  return req.query(call.query ?? {}).send(call.body ?? {});
}
