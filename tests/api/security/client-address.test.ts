import { request } from 'node:http';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socketProtocols } from '../../../contracts/socket-auth';
import { addressResolver } from '../../../api/middleware/client-address';
import { RATE_LIMITS } from '../../../api/middleware/rate-limits';
import { callerAs, initDataOf, tamperedInitData } from '../../support/security/identities';
import { freshAddress } from '../../support/security/send-call';
import { tmaHeader } from '../../support/init-data';
import { createTestApp, type TestApp } from '../../support/test-app';

describe('addressResolver', () => {
  it('ignores X-Forwarded-For unless the connection comes from a trusted proxy', () => {
    expect(addressResolver([])('1.2.3.4', '203.0.113.9')).toBe('203.0.113.9');
    const behindProxy = addressResolver(['10.0.0.0/8', '::1']);
    expect(behindProxy('1.2.3.4', '203.0.113.9')).toBe('203.0.113.9');
    // The client's own entries (left) are not believed; the proxy's entry (right) is.
    expect(behindProxy('6.6.6.6, 198.51.100.7', '10.1.2.3')).toBe('198.51.100.7');
    // Proxies in a chain are skipped, IPv4-mapped socket addresses included.
    expect(behindProxy('198.51.100.7, 10.9.9.9', '::ffff:10.1.2.3')).toBe('198.51.100.7');
    expect(behindProxy(undefined, '::1')).toBe('::1');
  });
});

// No proxy configured (the default): every attempt below comes from the loopback connection, counted by this app alone.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ trustProxy: [] });
});
afterAll(() => app.close());

function getMe(initData: string, forwardedFor: string): Promise<number> {
  const url = new URL(`${app.api.url}/api/profile/me`);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { headers: { 'X-Forwarded-For': forwardedFor, ...tmaHeader(initData) } },
      (res) => (res.resume(), resolve(res.statusCode ?? 0)),
    );
    req.once('error', reject).end();
  });
}

function upgradeStatus(initData: string, forwardedFor: string): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${app.wsUrl}/ws/likes`, socketProtocols(initData), { headers: { 'X-Forwarded-For': forwardedFor } });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('open', () => (ws.close(), resolve(101)));
    ws.once('error', () => resolve(0));
  });
}

describe('the bad initData limit without a trusted proxy', () => {
  const { limit } = RATE_LIMITS.initDataFailures;

  it('counts by the connection’s address, whatever X-Forwarded-For says (HTTP and socket upgrade)', async () => {
    const { id } = await callerAs(app, 'user');
    for (let i = 0; i < limit; i++) expect(await getMe(tamperedInitData(id), freshAddress())).toBe(401);
    expect(await getMe(tamperedInitData(id), freshAddress())).toBe(429);
    expect(await upgradeStatus(tamperedInitData(id), freshAddress())).toBe(429);
    expect(await getMe(initDataOf(id), freshAddress())).toBe(200);
  });
});
